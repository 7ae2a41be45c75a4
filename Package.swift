// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Assoc",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AssocCore", targets: ["AssocCore"]),
        .executable(name: "assoc", targets: ["assoc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
            path: "Sources/CNcurses",
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]),
        .target(name: "AssocCore", dependencies: ["CSQLite"]),
        .target(name: "AssocTUI", dependencies: ["AssocCore", "CNcurses"]),
        .target(
            name: "AssocCLI",
            dependencies: [
                "AssocCore", "AssocTUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "assoc", dependencies: ["AssocCLI"]),
        .testTarget(name: "AssocCoreTests", dependencies: ["AssocCore", "TestSupport"]),
        .testTarget(name: "AssocTUITests", dependencies: ["AssocTUI", "TestSupport"]),
        .testTarget(name: "AssocCLITests", dependencies: [
            "AssocCLI", "AssocCore", "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The hostile-file corpus, shared by the CLI/engine tests and the browser (tmux) tests.
        .target(name: "HostileCorpus", dependencies: ["AssocCore"], path: "Tests/HostileCorpus"),
        .target(name: "TestSupport", dependencies: ["AssocCore"], path: "Tests/TestSupport"),
        .testTarget(name: "ReliabilityTests", dependencies: ["AssocCore", "HostileCorpus", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["HostileCorpus", "TestSupport"]),
    ]
)
