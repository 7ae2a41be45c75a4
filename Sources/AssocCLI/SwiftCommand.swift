import ArgumentParser
import AssocCore

/// `assoc swift [DB] REQUEST [--program | --request-only]`: the GRDB 7 code of a request.
struct SwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Print the GRDB 7 Swift code of a request: record types, associations, the request and the struct its rows decode into.",
        discussion:
            "Nothing is executed. With --program, a complete main.swift that takes the database path as its first argument and prints the rows as `assoc fetch --format json` does, using only GRDB and Foundation. With --request-only, the request expression alone, for an app that already has its record types and associations. Where GRDB cannot express the request the same way, the code says so in a comment."
    )

    @OptionGroup var arguments: RequestArguments

    @Flag(help: "Print a complete main.swift that prints the rows in the JSON contract of `assoc fetch --format json`.")
    var program = false

    @Flag(
        help:
            "Print the request expression alone (with the alias declarations and notes it needs), for an app that already has its record types and associations."
    )
    var requestOnly = false

    func validate() throws {
        if program && requestOnly {
            throw ValidationError(
                "--program and --request-only do not go together: --program prints a whole program, --request-only the request alone.")
        }
    }

    func run() throws {
        let (database, request) = try arguments.load(command: "swift")
        let text =
            program
            ? try SwiftCodeGenerator.program(for: request, in: database, requestText: arguments.words.last)
            : requestOnly
                ? try SwiftCodeGenerator.requestOnly(for: request, in: database)
                : try SwiftCodeGenerator.code(for: request, in: database)
        print(text, terminator: "")
    }
}
