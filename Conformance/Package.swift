// swift-tools-version:6.0
import PackageDescription

/// Differential conformance test of AssocCore against GRDB 7.10: random requests run by both
/// libraries on the demo database and on a Chinook-like database, their rows compared.
/// A nested package so that GRDB never becomes a dependency of the root package.
let package = Package(
    name: "AssocConformance",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Assoc", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "assoc-conformance",
            dependencies: [
                .product(name: "AssocCore", package: "Assoc"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // The programs of a codegen check (`assoc-conformance --codegen` writes Batch.swift),
        // compiled once against GRDB. -Onone: the programs are run once, on small databases.
        .executableTarget(
            name: "assoc-codegen-batch",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: [.unsafeFlags(["-Onone"])]),
        // One whole program of `assoc swift --program` at a time, as its main.swift: the programs
        // compile alone, as a user pastes them (the check writes and restores main.swift).
        .executableTarget(
            name: "assoc-codegen-program",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: [.unsafeFlags(["-Onone"])]),
    ]
)
