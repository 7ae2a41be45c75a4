import ArgumentParser
import AssocCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process entry point: parses the arguments, runs the command, and turns expected
/// failures (a file that cannot be opened…) into one line on stderr and exit code 1.
package enum AssocMain {
    /// Runs `assoc` with `arguments` (nil: the process's); `browser` starts the interactive
    /// browser for `assoc browse` (the default command).
    package static func run(_ arguments: [String]? = nil, browser: any BrowserLauncher) -> Never {
        // `assoc check` exits 2 on any error (1 means orphans found), as a linter does.
        let checking = (arguments ?? Array(CommandLine.arguments.dropFirst())).first == "check"
        let status: Int32 = checking ? CheckCommand.incomplete : 1
        do {
            var command = try AssocCommand.parseAsRoot(arguments)
            if let browse = command as? BrowseCommand {
                try browse.run(with: browser)
            } else if let check = command as? CheckCommand {
                exit(try check.check())
            } else {
                try command.run()
            }
            exit(0)
        } catch let error as CLIError {
            fail(error.message, status: status)
        } catch AssocError.syntax(let error) {
            // The request with a caret under the error, as compilers do.
            let lines = error.rendering.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + TextSanitizer.oneLine(String($0)) }
            fail(TextSanitizer.oneLine(error.description) + "\n" + lines.joined(separator: "\n"), status: status)
        } catch let error as AssocError {
            fail(TextSanitizer.oneLine(error.message), status: status)
        } catch let error as FileWriteError {
            fail(TextSanitizer.oneLine(error.message), status: status)
        } catch let error as DemoDatabaseError {
            fail(TextSanitizer.oneLine(error.message), status: status)
        } catch {
            // Help and --version: ArgumentParser's own presentation. Usage errors: its message
            // and exit code, made safe (it quotes the arguments, which may be hostile file names).
            let code = AssocCommand.exitCode(for: error)
            if code == .success { AssocCommand.exit(withError: error) }
            let message = TextSanitizer.lines(AssocCommand.fullMessage(for: error))
            let bytes = Array((message.hasSuffix("\n") ? message : message + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            exit(checking ? CheckCommand.incomplete : code.rawValue)
        }
    }

    /// Writes `assoc: message` on stderr and exits 1 (2 for `assoc check`). The message goes through the sanitizer once
    /// more as a whole (idempotent on escaped text): nothing raw reaches stderr, whatever its source.
    static func fail(_ message: String, status: Int32 = 1) -> Never {
        let bytes = Array("assoc: \(TextSanitizer.lines(message))\n".utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(status)
    }
}
