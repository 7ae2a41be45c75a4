public enum AssocTUIVersion { public static let placeholder = true }
