// swift-tools-version:6.0
import PackageDescription

/// Benchmarks of AssocCore against GRDB and a raw SQLite C loop.
/// A nested package so that GRDB never becomes a dependency of the root package.
let package = Package(
    name: "AssocBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Assoc", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLiteBench",
            path: "Sources/CSQLiteBench",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .executableTarget(
            name: "assoc-bench",
            dependencies: [
                .product(name: "AssocCore", package: "Assoc"),
                .product(name: "GRDB", package: "GRDB.swift"),
                "CSQLiteBench",
            ]),
    ]
)
