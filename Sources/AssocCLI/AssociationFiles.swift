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
    @Option(name: .customLong("associations"), help: ArgumentHelp(
        "A file of declared associations, one a line in GRDB's words (Genre.hasMany(Track, key: \"songs\", using: [GenreId]), Artist.hasMany(Customer, through: [albums, tracks, invoiceLines, invoice, customer], key: \"customers\")); # comments. Repeatable.",
        valueName: "file"))
    var paths: [String] = []

    /// The association graph of `schema` with the declarations of every file, in order.
    func graph(for schema: Schema) throws -> AssociationGraph {
        var declarations: [AssociationDeclaration] = []
        for path in paths {
            declarations += try AssociationDeclaration.parse(try Self.text(ofFile: path), file: path)
        }
        return try AssociationGraph(schema: schema, declarations: declarations)
    }

    /// Larger than any hand-written declarations file: a bigger one is a wrong path.
    static let maximumBytes = 4 * 1_048_576

    /// The text of the file at `path` (UTF-8), or a `CLIError` naming it.
    static func text(ofFile path: String) throws -> String {
        func failure(_ reason: String) -> CLIError {
            CLIError(message: "cannot read the associations file \(TextSanitizer.quoted(path)): \(reason)")
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(errno == EACCES ? "permission denied" : "no such file") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
        guard info.st_size <= maximumBytes else { throw failure("larger than \(maximumBytes / 1_048_576) MB") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno == EACCES ? "permission denied" : "cannot open the file") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot read the file") }
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        guard bytes.count <= maximumBytes else { throw failure("larger than \(maximumBytes / 1_048_576) MB") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("not UTF-8 text") }
        return text
    }
}
