// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSimKit
public import Foundation

/// A store's coupon app, written the way a real iOS app is: it creates its location manager in
/// `didFinishLaunching` (also when the OS relaunches it for a region event after a kill),
/// re-registers its region, and on entry shows one coupon per visit inside a background task
/// while ranging for the nearest beacon; it stops ranging on exit.
///
/// In a real app `SimulatedLocationManager` is `CLLocationManager` (see docs/beaconsimkit.md).
open class CouponApp: SimulatedApplicationDelegate, SimulatedLocationManagerDelegate {
    /// The store's beacons: UUID FDA50693-A4E2-4FB1-AFCF-C6EB07647825, major 1.
    public static let storeUUID = UUID(
        uuid: (0xFD, 0xA5, 0x06, 0x93, 0xA4, 0xE2, 0x4F, 0xB1, 0xAF, 0xCF, 0xC6, 0xEB, 0x07, 0x64, 0x78, 0x25))
    public static let storeIdentity = BeaconIdentityConstraint(uuid: storeUUID, major: 1)

    public var manager: SimulatedLocationManager?
    public private(set) var nearestMinor: UInt16?
    private var task = BackgroundTaskIdentifier.invalid

    public required init() {}

    open func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        startLocation()
        return true
    }

    /// Creates the manager and (re-)registers the store region; idempotent for the OS.
    public func startLocation() {
        let manager = SimulatedLocationManager()
        manager.delegate = self
        manager.requestAlwaysAuthorization()
        let region = BeaconRegion(beaconIdentityConstraint: Self.storeIdentity, identifier: "store")
        manager.startMonitoring(for: region)
        self.manager = manager
    }

    public func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion) {
        guard let app = SimulatedApplication.shared else { return }
        if task == .invalid {
            task = app.beginBackgroundTask { [weak self] in self?.finishWork() }
        }
        var policy = Self.loadPolicy(app.defaults)
        if policy.entered(at: app.now) {
            app.post(title: "Welcome back!", body: "Show this coupon at the till for 10 % off today.")
        }
        Self.save(policy, app.defaults)
        manager.startRangingBeacons(satisfying: Self.storeIdentity)
    }

    public func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: BeaconRegion) {
        guard let app = SimulatedApplication.shared else { return }
        leftStore(at: app.now, manager: manager, app: app)
    }

    /// The shopper left the store at `time`: records it for the coupon policy and stops ranging.
    func leftStore(at time: Double, manager: SimulatedLocationManager, app: SimulatedApplication) {
        var policy = Self.loadPolicy(app.defaults)
        policy.exited(at: time)
        Self.save(policy, app.defaults)
        manager.stopRangingBeacons(satisfying: Self.storeIdentity)
        finishWork()
    }

    public func locationManager(
        _ manager: SimulatedLocationManager, didRange beacons: [Beacon], satisfying constraint: BeaconIdentityConstraint
    ) {
        guard let nearest = beacons.first else { return }
        nearestMinor = nearest.minor
        finishWork()  // the work of the wake: we know where in the store the shopper is
    }

    private func finishWork() {
        guard task != .invalid else { return }
        SimulatedApplication.shared?.endBackgroundTask(task)
        task = .invalid
    }

    static func loadPolicy(_ defaults: SimulatedUserDefaults) -> CouponPolicy {
        CouponPolicy(
            lastCouponAt: defaults.value(forKey: "coupon.lastShown"), lastExitAt: defaults.value(forKey: "coupon.lastExit"))
    }

    static func save(_ policy: CouponPolicy, _ defaults: SimulatedUserDefaults) {
        if let shown = policy.lastCouponAt { defaults.set(shown, forKey: "coupon.lastShown") }
        if let exit = policy.lastExitAt { defaults.set(exit, forKey: "coupon.lastExit") }
    }
}
