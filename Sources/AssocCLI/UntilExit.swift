/// Values a command keeps until the process exits instead of freeing them: freeing the schema
/// and associations of 30,000 tables, object by object, took a tenth of a command's time, and
/// the system takes the whole process's memory back at once. Only for values that hold no
/// resource but memory (a `Connection` still closes, and its file with it).
enum UntilExit {
    static func keep(_ value: Any) {
        _ = Unmanaged.passRetained(Kept(value))
    }

    private final class Kept {
        let value: Any
        init(_ value: Any) { self.value = value }
    }
}
