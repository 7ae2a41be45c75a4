import ArgumentParser
import AssocCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--associations FILE` (repeatable), on every command: associations declared in GRDB's words,
/// one a line, added to the inferred ones (see `AssociationDeclaration`).
struct AssociationFiles: ParsableArguments {
    @Option(
        name: .customLong("associations"),
        help: ArgumentHelp(
            "A file of declared associations, one a line in GRDB's words (Genre.hasMany(Track, key: \"songs\", using: [GenreId]), Artist.hasMany(Customer, through: [albums, tracks, invoiceLines, invoice, customer], key: \"customers\")), or a table's label column for the browser (Artist.label(Name)); # comments. Repeatable.",
            valueName: "file"))
    var paths: [String] = []

    /// The association graph of `schema` with the declarations of every file, in order: at most
    /// `maximumBytes` of files and `AssociationDeclaration.maximumCount` declarations in all.
    func graph(for schema: Schema) throws -> AssociationGraph {
        var declarations: [AssociationDeclaration] = []
        var labels: [LabelDeclaration] = []
        var bytesRead = 0
        for path in paths {
            let text = try Self.text(ofFile: path, bytesBefore: bytesRead)
            bytesRead += text.utf8.count
            let parsed = try AssociationDeclaration.parseWithLabels(text, file: path, earlier: declarations.count + labels.count)
            declarations += parsed.declarations
            labels += parsed.labels
        }
        let graph = try AssociationGraph(schema: schema, declarations: declarations).labeled(by: labels)
        UntilExit.keep(graph)
        return graph
    }

    /// Larger than any hand-written declarations file, or all of them together: more is a wrong path.
    static let maximumBytes = 4 * 1_048_576

    /// The text of the file at `path` (UTF-8), or a `CLIError` naming it; `bytesBefore` bytes were
    /// read from the files before it, towards `maximumBytes`.
    static func text(ofFile path: String, bytesBefore: Int = 0) throws -> String {
        func failure(_ reason: String) -> CLIError {
            CLIError(message: "cannot read the associations file \(TextSanitizer.quoted(path)): \(reason)")
        }
        let tooLarge =
            bytesBefore == 0
            ? "larger than \(maximumBytes / 1_048_576) MB"
            : "the associations files are larger than \(maximumBytes / 1_048_576) MB together (the most one run reads)"
        let allowed = Swift.max(0, maximumBytes - bytesBefore)
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(errno == EACCES ? "permission denied" : "no such file") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
        guard info.st_size <= allowed else { throw failure(tooLarge) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno == EACCES ? "permission denied" : "cannot open the file") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= allowed {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot read the file") }
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        guard bytes.count <= allowed else { throw failure(tooLarge) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("not UTF-8 text") }
        return text
    }
}
