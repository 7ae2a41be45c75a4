// Temporary stand-in until the real inflector lands; deleted at merge.
public enum Inflector {
    public static func singularize(_ s: String) -> String {
        if s.hasSuffix("ies") { return String(s.dropLast(3)) + "y" }
        if s.hasSuffix("people") { return String(s.dropLast(6)) + "person" }
        if s.hasSuffix("s") && !s.hasSuffix("ss") { return String(s.dropLast()) }
        return s
    }
    public static func pluralize(_ s: String) -> String {
        if s.hasSuffix("person") { return String(s.dropLast(6)) + "people" }
        if s.hasSuffix("s") { return s + "es" }
        return s + "s"
    }
    public static func upperFirst(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.uppercased() + s.dropFirst()
    }
}
