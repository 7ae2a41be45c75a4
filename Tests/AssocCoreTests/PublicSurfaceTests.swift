import Foundation
import TestSupport
import XCTest

/// The public surface stays one a person can read: AssocCore's public declarations are counted
/// as the issue counts them (`grep -rE '^\s*(public|open) ' Sources/AssocCore`), and every public
/// declaration of AssocCore and AssocInsights has a doc comment.
final class PublicSurfaceTests: XCTestCase {
    /// Each public declaration line of the module's sources, with the line before its attributes.
    func publicDeclarations(of module: String) throws -> [(file: String, line: Int, text: String, documented: Bool)] {
        let root = SwiftProgram.repository.appendingPathComponent("Sources/\(module)")
        var found: [(String, Int, String, Bool)] = []
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
        for case let file as String in walker where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let trimmed = line.drop(while: { $0 == " " })
                guard trimmed.hasPrefix("public ") || trimmed.hasPrefix("open ") else { continue }
                var before = index - 1
                while before >= 0, lines[before].drop(while: { $0 == " " }).hasPrefix("@") { before -= 1 }
                let documented = before >= 0 && lines[before].drop(while: { $0 == " " }).hasPrefix("///")
                found.append((file, index + 1, String(trimmed), documented))
            }
        }
        return found
    }

    func testAssocCoreHasAtMost380PublicDeclarationsEachDocumented() throws {
        let declarations = try publicDeclarations(of: "AssocCore")
        XCTAssertLessThanOrEqual(declarations.count, 380, "move app-level API to AssocInsights or make it package")
        XCTAssertGreaterThan(declarations.count, 300, "the count reads the sources")
        for declaration in declarations where !declaration.documented {
            XCTFail("\(declaration.file):\(declaration.line): no doc comment: \(declaration.text)")
        }
    }

    func testAssocInsightsPublicDeclarationsAreDocumented() throws {
        let declarations = try publicDeclarations(of: "AssocInsights")
        XCTAssertGreaterThan(declarations.count, 50)
        for declaration in declarations where !declaration.documented {
            XCTFail("\(declaration.file):\(declaration.line): no doc comment: \(declaration.text)")
        }
    }
}
