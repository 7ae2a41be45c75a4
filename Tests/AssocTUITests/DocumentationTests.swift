import Foundation
import TestSupport
import XCTest

@testable import AssocTUI

/// The documents a reader follows: docs/KEYS.md is what the binding table generates, and every
/// relative link of README.md and docs/ points to a file (and, with `#`, a heading) that exists.
final class DocumentationTests: XCTestCase {
    func testKeysDocumentIsWhatTheKeymapGenerates() throws {
        let url = SwiftProgram.repository.appendingPathComponent("docs/KEYS.md")
        let generated = KeysDocument.markdown
        if ProcessInfo.processInfo.environment["ASSOC_UPDATE_DOCS"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(onDisk, generated, "docs/KEYS.md differs from the keymap: ASSOC_UPDATE_DOCS=1 swift test --filter DocumentationTests")
        // Every key of the table is in it, and the page reads as a table per group.
        XCTAssertTrue(onDisk.contains("| `?` `F1` | this help |"), "the help key")
        XCTAssertTrue(onDisk.contains("## Move\n\n| Keys | Action |"))
    }

    func testEveryRelativeLinkResolves() throws {
        let root = SwiftProgram.repository
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var checked = 0
        for page in ["README.md"] + docs {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            let folder = root.appendingPathComponent(page).deletingLastPathComponent()
            for target in Self.links(in: Self.withoutCodeBlocks(text)) where !target.contains("://") && !target.hasPrefix("mailto:") {
                let (path, anchor) = Self.split(target)
                let file = path.isEmpty ? root.appendingPathComponent(page) : folder.appendingPathComponent(path)
                XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "\(page): \(target) points to nothing")
                if let anchor, file.pathExtension == "md", let linked = try? String(contentsOf: file, encoding: .utf8) {
                    XCTAssertTrue(Self.anchors(of: linked).contains(anchor), "\(page): no heading \(anchor) in \(file.lastPathComponent)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 40, "the pages link to each other")
    }

    /// docs/ARCHITECTURE.md is a true map: every type it names in backticks (`RowCursor`,
    /// `Reducer.isStale`) is declared in Sources, apart from the standard library's and key names.
    func testEveryTypeTheArchitectureNamesIsDeclared() throws {
        let root = SwiftProgram.repository
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        // Folders and paths (`Paging/`, `Sources/AssocTUI/App.swift`) are not types.
        let spans = try NSRegularExpression(pattern: "`([A-Z][a-z][A-Za-z0-9]*)[^`/]*`")
        let named = Set(
            spans.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
        let outside: Set<String> = ["Date", "Decimal", "Hashable", "Sendable", "Tab"]
        var declared: Set<String> = []
        let declaration = try NSRegularExpression(pattern: #"\b(?:class|struct|enum|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        let sources = root.appendingPathComponent("Sources")
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) ?? FileManager.DirectoryEnumerator()
        where file.pathExtension == "swift" {
            let code = try String(contentsOf: file, encoding: .utf8)
            for match in declaration.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                if let range = Range(match.range(at: 1), in: code) { declared.insert(String(code[range])) }
            }
        }
        XCTAssertGreaterThan(named.count, 20, "the map names the types it shows")
        XCTAssertEqual(named.subtracting(outside).subtracting(declared).sorted(), [], "named in docs/ARCHITECTURE.md, declared nowhere")
    }

    /// `[text](target)` and `![alt](target)` targets.
    static func links(in text: String) -> [String] {
        let expression = try? NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let range = NSRange(text.startIndex..., in: text)
        return (expression?.matches(in: text, range: range) ?? []).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    static func split(_ target: String) -> (path: String, anchor: String?) {
        guard let hash = target.firstIndex(of: "#") else { return (target, nil) }
        return (String(target[..<hash]), String(target[target.index(after: hash)...]))
    }

    /// The text outside fenced code blocks.
    static func withoutCodeBlocks(_ text: String) -> String {
        var inBlock = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") {
                inBlock.toggle()
                return false
            }
            return !inBlock
        }.joined(separator: "\n")
    }

    /// GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as `-`.
    static func anchors(of text: String) -> Set<String> {
        Set(
            withoutCodeBlocks(text).split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("#") else { return nil }
                let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                let kept = title.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == " " || $0 == "_" }
                return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
            })
    }
}
