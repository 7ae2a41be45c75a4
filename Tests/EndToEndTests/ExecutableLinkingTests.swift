import Foundation
import XCTest

/// The built `assoc` is a static position-independent executable (Package.swift,
/// scripts/ld-static-pie): no dynamic loader or shared library to map at start, which is most of
/// the browser's start-up, and still loaded at a random address. Read from its ELF headers.
final class ExecutableLinkingTests: XCTestCase {
    /// What the ELF headers of an x86-64 / AArch64 Linux executable say about its linking.
    struct Linking {
        var isPositionIndependent = false  // e_type ET_DYN
        var hasInterpreter = false  // a PT_INTERP program header: started by ld.so
        var dynamicTags: [UInt64] = []  // d_tag of each PT_DYNAMIC entry
    }

    /// Parses the 64-bit little-endian ELF `bytes`; nil when they are not one.
    static func linking(of bytes: [UInt8]) -> Linking? {
        func integer(at offset: Int, size: Int) -> UInt64? {
            guard offset >= 0, size > 0, offset + size <= bytes.count else { return nil }
            return (0..<size).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
        }
        guard bytes.count >= 64, bytes[0...3] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1,
              let type = integer(at: 16, size: 2), let headers = integer(at: 32, size: 8),
              let entrySize = integer(at: 54, size: 2), let count = integer(at: 56, size: 2) else { return nil }
        var result = Linking(isPositionIndependent: type == 3)
        for index in 0..<Int(count) {
            let header = Int(headers) + index * Int(entrySize)
            guard let kind = integer(at: header, size: 4) else { return nil }
            if kind == 3 { result.hasInterpreter = true }  // PT_INTERP
            guard kind == 2, let offset = integer(at: header + 8, size: 8),  // PT_DYNAMIC
                  let size = integer(at: header + 32, size: 8) else { continue }
            var entry = Int(offset)
            while entry + 16 <= Int(offset + size), let tag = integer(at: entry, size: 8), tag != 0 {
                result.dynamicTags.append(tag)
                entry += 16
            }
        }
        return result
    }

    func testAssocIsAStaticPositionIndependentExecutable() throws {
        #if os(Linux)
        let path = try Products.assoc()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let linking = try XCTUnwrap(Self.linking(of: bytes), "\(path) is not a 64-bit little-endian ELF file")
        XCTAssertTrue(linking.isPositionIndependent, "ET_DYN: loaded at a random address (ASLR)")
        XCTAssertFalse(linking.hasInterpreter, "no PT_INTERP: started without the dynamic loader")
        XCTAssertFalse(linking.dynamicTags.contains(1), "no DT_NEEDED: no shared library to load")
        XCTAssertFalse(linking.dynamicTags.contains(15) || linking.dynamicTags.contains(29),
                       "no DT_RPATH or DT_RUNPATH: glibc's static-PIE start-up asserts there is none")
        // And it runs: a start-up that fails before main would exit on a signal (status -1).
        XCTAssertEqual(Shell.run(Shell.quote(path) + " --version").status, 0)
        #else
        throw XCTSkip("the static-PIE link is set up for Linux only")
        #endif
    }

    /// The parser reads what it claims on a file whose headers are known: a dynamically linked
    /// PIE built here by the C compiler, when there is one (it has PT_INTERP and DT_NEEDED).
    func testTheParserSeesTheLoaderAndLibrariesOfADynamicExecutable() throws {
        #if os(Linux)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("elf-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("main.c")
        try "int main(void) { return 0; }\n".write(to: source, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("dynamic").path
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cc") else { throw XCTSkip("no C compiler") }
        let compile = Shell.run("/usr/bin/cc -pie -fPIE \(Shell.quote(source.path)) -o \(Shell.quote(output))")
        guard compile.status == 0 else { throw XCTSkip("cc could not build a PIE here") }
        let linking = try XCTUnwrap(Self.linking(of: [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))))
        XCTAssertTrue(linking.isPositionIndependent)
        XCTAssertTrue(linking.hasInterpreter)
        XCTAssertTrue(linking.dynamicTags.contains(1), "libc is NEEDED")
        XCTAssertNil(Self.linking(of: Array("#!/bin/sh\n".utf8)))
        #else
        throw XCTSkip("ELF on Linux only")
        #endif
    }
}
