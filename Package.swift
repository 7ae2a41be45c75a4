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
        // `assoc` is one static position-independent executable: the Swift runtime, SQLite, ncurses
        // and the C library linked in. It starts with no dynamic loader and no shared library to map
        // and bind (about 2 ms of a 3 ms start-up, which the browser's first screen shows), and is
        // still loaded at a random address (ASLR). scripts/ld-static-pie runs the toolchain's lld
        // without SwiftPM's `-rpath=$ORIGIN`, which glibc's static-PIE start-up refuses. Packed
        // relative relocations: an 8 KB relocation table instead of 1 MB, applied at start.
        .executableTarget(
            name: "assoc", dependencies: ["AssocCLI"],
            linkerSettings: [.unsafeFlags([
                "-static-executable", "-Xclang-linker", "-static-pie",
                "-ld-path=\(Context.packageDirectory)/scripts/ld-static-pie",
                "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
                "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            ], .when(platforms: [.linux]))]),
        .testTarget(name: "AssocCoreTests", dependencies: ["AssocCore", "TestSupport"]),
        .testTarget(name: "AssocTUITests", dependencies: ["AssocTUI", "TestSupport"]),
        .testTarget(name: "AssocCLITests", dependencies: [
            "AssocCLI", "AssocCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The hostile-file corpus, shared by the CLI/engine tests and the browser (tmux) tests.
        .target(name: "HostileCorpus", dependencies: ["AssocCore"], path: "Tests/HostileCorpus"),
        .target(name: "TestSupport", dependencies: ["AssocCore"], path: "Tests/TestSupport"),
        .testTarget(name: "ReliabilityTests", dependencies: ["AssocCore", "HostileCorpus", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["HostileCorpus", "TestSupport"]),
    ]
)
