import Foundation
import XCTest

/// The command line does not import the browser: AssocCLI builds without AssocTUI (and curses);
/// the `assoc` executable hands it a `BrowserLauncher`. SwiftPM may let a target import a module
/// built beside it without declaring it, so the sources are checked too.
final class ModuleBoundaryTests: XCTestCase {
    func testCommandLineSourcesDoNotImportTheBrowser() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/AssocCLI")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty, sources.path)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
            XCTAssertFalse(imports.contains { $0.hasSuffix(" AssocTUI") || $0.hasSuffix(" CNcurses") }, "\(file) imports the browser")
        }
        let manifest = try String(
            contentsOf: sources.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        let cliTarget = try XCTUnwrap(manifest.range(of: #"name: "AssocCLI","#))
        let nextTarget = try XCTUnwrap(manifest.range(of: ".executableTarget", range: cliTarget.upperBound..<manifest.endIndex))
        XCTAssertFalse(manifest[cliTarget.upperBound..<nextTarget.lowerBound].contains("AssocTUI"), "AssocCLI depends on AssocTUI in Package.swift")
    }
}
