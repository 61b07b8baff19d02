// swift-tools-version: 6.1
// BeaconSim — discrete-event simulator of BLE beacon deployments and phone detection.
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

var swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault")
]
// The checking build (`make test-internal-checks`, as swift-collections' COLLECTIONS_INTERNAL_CHECKS):
// the link table's shape and the event queue's, source queue's and calendar's invariants are verified
// after each change. Build it into its own scratch path, since it changes every module.
if Context.environment["BEACONSIM_INTERNAL_CHECKS"] == "1" {
    swiftSettings.append(.define("BEACONSIM_INTERNAL_CHECKS"))
}

let package = Package(
    name: "BeaconSim",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "beaconsim", targets: ["beaconsim"]),
        .library(name: "BeaconSim", targets: ["BeaconSim"]),
        .library(name: "BeaconSimKit", targets: ["BeaconSimKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"])]),
        .target(name: "Stochastics", dependencies: ["CGSL"], swiftSettings: swiftSettings),
        // zlib, for results written as .jsonl.gz (Reporting's ResultFile).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CPrefetch"),
        .target(
            name: "SimulationCore",
            dependencies: [.product(name: "HeapModule", package: "swift-collections")],
            swiftSettings: swiftSettings),
        .target(name: "BLEAdvertising", swiftSettings: swiftSettings),
        .target(
            name: "RadioPropagation", dependencies: ["Stochastics"],
            swiftSettings: swiftSettings),
        .target(
            name: "PhoneModel", dependencies: ["SimulationCore", "BLEAdvertising", "Stochastics"],
            swiftSettings: swiftSettings),
        .target(
            name: "ScenarioFormat", dependencies: [.product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings),
        // The one atomic file writer (results files, captures, reports).
        .target(name: "AtomicWrites", swiftSettings: swiftSettings),
        .target(name: "HCICapture", dependencies: ["AtomicWrites", "BLEAdvertising"], swiftSettings: swiftSettings),
        .target(name: "HCILive", dependencies: ["HCICapture", "BLEAdvertising"], swiftSettings: swiftSettings),
        .target(
            name: "BeaconSim",
            dependencies: [
                "SimulationCore", "Stochastics", "BLEAdvertising", "RadioPropagation", "PhoneModel",
                "ScenarioFormat", "HCICapture", "CPrefetch",
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "Reporting",
            dependencies: [
                "AtomicWrites", "BeaconSim", "Stochastics", "HCICapture", "SimulationCore", "BLEAdvertising", "PhoneModel",
                "RadioPropagation", "ScenarioFormat", "CZlib",
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "Sessions",
            dependencies: [
                "BeaconSim", "Reporting", "HCICapture", "HCILive", "ScenarioFormat", "SimulationCore", "BLEAdvertising",
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "BeaconSimKit",
            dependencies: [
                "BeaconSim", "PhoneModel", "Reporting", "ScenarioFormat", "Sessions", "SimulationCore", "BLEAdvertising",
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "CouponApp", dependencies: ["BeaconSimKit"], path: "Examples/CouponApp/Sources", swiftSettings: swiftSettings),
        .target(
            name: "Experiments",
            dependencies: [
                "BeaconSim", "Reporting", "ScenarioFormat", "ResultsCatalogue", "RadioPropagation", "Sessions", "Stochastics",
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "RadioCalibration",
            dependencies: ["RadioPropagation", "ScenarioFormat", "Stochastics", "BeaconSim", "Reporting", "Experiments"],
            swiftSettings: swiftSettings),
        .target(
            name: "ResultsCatalogue", dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings),
        // The commit `beaconsim --version` prints, generated before every build (scripts/build-commit.sh).
        .plugin(name: "BuildCommitPlugin", capability: .buildTool(), path: "Plugins/BuildCommitPlugin"),
        .target(name: "BuildInfo", swiftSettings: swiftSettings, plugins: ["BuildCommitPlugin"]),
        .executableTarget(
            name: "beaconsim",
            dependencies: [
                "BuildInfo", "BeaconSim", "Reporting", "Sessions", "ScenarioFormat", "HCICapture", "HCILive", "PhoneModel",
                "SimulationCore", "Experiments", "ResultsCatalogue", "RadioCalibration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
        // The mall-1h workload's naive loop (../shared/bench/mall-1h.md), the yardstick of `make bench`.
        .executableTarget(name: "NaiveMall", path: "Benchmarks/NaiveMall", swiftSettings: swiftSettings),
        // Shared by the tests: a seeded generator and the reference medium (the synthetic medium's oracle).
        .target(
            name: "TestSupport",
            dependencies: ["BeaconSim", "BLEAdvertising", "PhoneModel", "RadioPropagation", "SimulationCore", "Stochastics"],
            path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .testTarget(name: "StochasticsTests", dependencies: ["Stochastics"], swiftSettings: swiftSettings),
        .testTarget(name: "AtomicWritesTests", dependencies: ["AtomicWrites"], swiftSettings: swiftSettings),
        .testTarget(name: "SimulationCoreTests", dependencies: ["SimulationCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "PhoneModelTests",
            dependencies: ["PhoneModel", "BLEAdvertising", "SimulationCore", "Stochastics", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "RadioPropagationTests", dependencies: ["RadioPropagation", "Stochastics", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "BeaconSimTests",
            dependencies: [
                "BeaconSim", "Reporting", "ScenarioFormat", "PhoneModel", "SimulationCore", "BLEAdvertising", "HCICapture",
                "RadioPropagation", "Stochastics", "TestSupport",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ScenarioFormatTests", dependencies: ["ScenarioFormat", "TestSupport"], exclude: ["Examples"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ExperimentsTests", dependencies: [
                "Experiments", "Reporting", "ScenarioFormat", "BeaconSim", "TestSupport", "PhoneModel", "BLEAdvertising",
                "SimulationCore", "RadioPropagation",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ResultsCatalogueTests",
            dependencies: ["ResultsCatalogue", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: swiftSettings),
        .testTarget(
            name: "ReportingTests", dependencies: ["Reporting", "BeaconSim", "BLEAdvertising", "PhoneModel", "SimulationCore", "ScenarioFormat", "Stochastics", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SessionsTests",
            dependencies: [
                "Sessions", "BeaconSim", "Reporting", "ScenarioFormat", "HCILive", "HCICapture", "BLEAdvertising",
                "SimulationCore",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "EndToEndTests", dependencies: ["ResultsCatalogue"], exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "BeaconSimKitTests", dependencies: ["BeaconSimKit", "BLEAdvertising", "PhoneModel", "SimulationCore"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "CouponAppTests", dependencies: ["CouponApp", "BeaconSimKit"], path: "Examples/CouponApp/Tests",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "RadioCalibrationTests",
            dependencies: ["RadioCalibration", "RadioPropagation", "ScenarioFormat", "BeaconSim", "Stochastics"],
            swiftSettings: swiftSettings),
        .testTarget(name: "BLEAdvertisingTests", dependencies: ["BLEAdvertising", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HCILiveTests", dependencies: ["HCILive", "HCICapture", "BLEAdvertising"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HCICaptureTests", dependencies: ["HCICapture", "BLEAdvertising", "Reporting", "TestSupport"],
            resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        // Fuzzing (scripts/fuzz.sh, docs/fuzzing.md): the targets, and the replay of their seeds and findings.
        .target(
            name: "FuzzHarness", dependencies: ["ScenarioFormat", "HCICapture", "Experiments", "Reporting"], path: "Fuzz/Harness",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "FuzzRegressionTests", dependencies: ["FuzzHarness", "HCICapture", "Experiments"], swiftSettings: swiftSettings),
    ]
)

// The libFuzzer runner exists only in fuzzing builds (BEACONSIM_FUZZ=1, built with -sanitize=fuzzer
// into .build-fuzz), since libFuzzer supplies its `main`.
if Context.environment["BEACONSIM_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "beaconsim-fuzz", dependencies: ["FuzzHarness"], path: "Fuzz/Runner", swiftSettings: swiftSettings))
    package.products.append(.executable(name: "beaconsim-fuzz", targets: ["beaconsim-fuzz"]))
}
