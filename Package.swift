// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Assoc",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AssocCore", targets: ["AssocCore"]),
        .library(name: "AssocTUI", targets: ["AssocTUI"]),
        .executable(name: "assoc", targets: ["assoc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CNcurses",
            path: "Sources/CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "AssocCore", dependencies: ["CSQLite"]),
        .target(name: "AssocTUI", dependencies: ["AssocCore", "CNcurses"]),
        .target(
            name: "AssocCLI",
            dependencies: [
                "AssocCore", "AssocTUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The Swift runtime linked statically: `assoc` starts in about half the time (no dynamic
        // symbol binding of the runtime libraries), which the browser's first screen shows.
        // Linked by the toolchain's lld with packed relative relocations: the binary stays
        // position-independent (ASLR), and the loader reads an 8 KB relocation table instead of 1 MB.
        .executableTarget(
            name: "assoc", dependencies: ["AssocCLI"],
            linkerSettings: [.unsafeFlags([
                "-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
                "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            ], .when(platforms: [.linux]))]),
        .testTarget(name: "AssocCoreTests", dependencies: ["AssocCore", "TestSupport"]),
        .testTarget(name: "AssocTUITests", dependencies: ["AssocTUI", "TestSupport"]),
        .testTarget(name: "AssocCLITests", dependencies: [
            "AssocCLI", "AssocCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The hostile-file corpus, shared by the CLI/engine tests and the browser (tmux) tests.
        .target(name: "HostileCorpus", dependencies: ["AssocCore"], path: "Tests/HostileCorpus"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ReliabilityTests", dependencies: ["AssocCore", "HostileCorpus"]),
        .testTarget(name: "EndToEndTests", dependencies: ["HostileCorpus"]),
    ]
)
