// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Assoc",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AssocCore", targets: ["AssocCore"]),
        .library(name: "AssocInsights", targets: ["AssocInsights"]),
        .executable(name: "assoc", targets: ["assoc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // DocC for AssocCore: `swift package generate-documentation --target AssocCore` (a command
        // plugin: the normal build does not run it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // SQLite's header and library are found where the system keeps them (Debian's
        // libsqlite3-dev, macOS's SDK): no pkg-config.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // ncurses through a C target: its defines live in the header (no pkg-config flags), and the
        // library it links differs by platform (Linux: libncursesw; macOS's SDK: libncurses, wide
        // characters included).
        .target(
            name: "CNcurses",
            dependencies: ["CTemporaryFile"],
            path: "Sources/CNcurses",
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]),
        // A bound on SQLite's temporary files: a counting VFS, in C as SQLite's VFS interface is.
        .target(name: "CSQLiteTempFiles", dependencies: ["CSQLite"], path: "Sources/CSQLiteTempFiles"),
        // The exports' escapes, byte loops in C: as fast in the tests' debug build as in release.
        .target(name: "CEscapes", path: "Sources/CEscapes"),
        // The temporary file being written, removed by the signal that ends the process: in C,
        // where a signal handler is safe.
        .target(name: "CTemporaryFile", path: "Sources/CTemporaryFile"),
        .target(name: "AssocCore", dependencies: ["CSQLite", "CSQLiteTempFiles", "CEscapes", "CTemporaryFile"]),
        // What a file holds beyond its requests: column summaries, value frequencies, cardinality
        // profiles, orphans, row counts and file facts, as the browser and the command line show them.
        .target(name: "AssocInsights", dependencies: ["AssocCore", "CSQLite"]),
        // What the browser and the command line both show text with: sanitizing, display width,
        // how a value reads. Values are AssocCore's, so it depends on AssocCore and nothing else.
        .target(name: "AssocText", dependencies: ["AssocCore"]),
        .target(name: "AssocTUI", dependencies: ["AssocCore", "AssocInsights", "AssocText", "CNcurses"]),
        // The command line without the browser: `assoc` hands it AssocTUI's (a `BrowserLauncher`).
        .target(
            name: "AssocCLI",
            dependencies: [
                "AssocCore", "AssocInsights", "AssocText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "assoc", dependencies: ["AssocCLI", "AssocCore", "AssocTUI"]),
        .testTarget(name: "AssocCoreTests", dependencies: ["AssocCore", "AssocInsights", "TestSupport"]),
        .testTarget(name: "AssocTextTests", dependencies: ["AssocText", "TestSupport"]),
        .testTarget(name: "AssocTUITests", dependencies: ["AssocTUI", "AssocInsights", "AssocText", "TestSupport"]),
        .testTarget(name: "AssocCLITests", dependencies: [
            "AssocCLI", "AssocCore", "AssocInsights", "AssocText", "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The hostile-file corpus, shared by the CLI/engine tests and the browser (tmux) tests.
        .target(name: "HostileCorpus", dependencies: ["AssocCore"], path: "Tests/HostileCorpus"),
        .target(name: "TestSupport", dependencies: ["AssocCore"], path: "Tests/TestSupport"),
        .testTarget(name: "ReliabilityTests", dependencies: ["AssocCore", "AssocInsights", "HostileCorpus", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["HostileCorpus", "TestSupport"]),
    ]
)
