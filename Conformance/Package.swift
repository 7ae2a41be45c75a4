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
    ]
)
