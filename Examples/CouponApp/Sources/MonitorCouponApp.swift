// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSimKit

/// The same store app written the iOS 17+ way, with the same coupon policy: it watches the store
/// with a `CLMonitor` (a `BeaconIdentityCondition` for the store's UUID and major 1), holds a
/// `CLServiceSession(.always)` so that events reach it in the background on iOS 18+, and still
/// ranges on the location manager (CLMonitor has no ranging).
///
/// At every launch — also when iOS relaunches it for an event after a kill — it takes its session,
/// creates its manager and, in a task, re-opens its monitor by name, adds the condition only if
/// Core Location does not already keep it (re-adding an unchanged condition would reset its state),
/// and iterates the monitor's events. A `satisfied` event after anything else is an entry, an
/// `unsatisfied` one after `satisfied` an exit; an event with diagnostics ("cannot tell") and a
/// repeated state are neither. The last state seen is kept in defaults, as it must survive a kill.
///
/// In a real app `SimulatedMonitor` is `CLMonitor`, `SimulatedServiceSession` is `CLServiceSession`
/// and `SimulatedTask` is `Task` (see docs/beaconsimkit.md).
open class MonitorCouponApp: SimulatedApplicationDelegate, SimulatedLocationManagerDelegate {
    /// The store: CouponApp's UUID, major 1.
    public static let storeCondition = BeaconIdentityCondition(uuid: CouponApp.storeUUID, major: 1)
    public static let conditionIdentifier = "store"

    public var manager: SimulatedLocationManager?
    public var session: SimulatedServiceSession?
    public var monitor: SimulatedMonitor?
    public private(set) var nearestMinor: UInt16?
    /// The events this process received, in order.
    public private(set) var received: [SimulatedMonitor.Event] = []
    private var monitorTask: SimulatedTask?
    private var task = BackgroundTaskIdentifier.invalid

    public required init() {}

    open func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        session = SimulatedServiceSession(authorization: .always)
        startLocation()
        startMonitoring()
        return true
    }

    /// The location manager, for ranging only.
    public func startLocation() {
        let manager = SimulatedLocationManager()
        manager.delegate = self
        manager.requestAlwaysAuthorization()
        self.manager = manager
    }

    /// Opens the monitor, adds the store condition if Core Location does not keep it, and handles
    /// its events for as long as the process lives.
    public func startMonitoring() {
        monitorTask = SimulatedTask { [weak self] in
            let monitor = await SimulatedMonitor("coupons")
            self?.monitor = monitor
            if await monitor.record(for: Self.conditionIdentifier) == nil {
                await monitor.add(Self.storeCondition, identifier: Self.conditionIdentifier)
            }
            do {
                for try await event in await monitor.events { self?.handle(event) }
            } catch {}
        }
    }

    /// One event of the monitor.
    open func handle(_ event: SimulatedMonitor.Event) {
        received.append(event)
        guard let app = SimulatedApplication.shared, event.identifier == Self.conditionIdentifier, event.diagnostics.isEmpty
        else { return }
        let wasInside = app.defaults.double(forKey: "monitor.store.inside") == 1
        switch event.state {
        case .satisfied where !wasInside:
            app.defaults.set(1, forKey: "monitor.store.inside")
            enteredStore(app)
        case .unsatisfied where wasInside:
            app.defaults.set(0, forKey: "monitor.store.inside")
            leftStore(at: event.date, app: app)
        default: break
        }
    }

    private func enteredStore(_ app: SimulatedApplication) {
        if task == .invalid {
            task = app.beginBackgroundTask { [weak self] in self?.finishWork() }
        }
        var policy = CouponApp.loadPolicy(app.defaults)
        if policy.entered(at: app.now) {
            app.post(title: "Welcome back!", body: "Show this coupon at the till for 10 % off today.")
        }
        CouponApp.save(policy, app.defaults)
        manager?.startRangingBeacons(satisfying: Self.storeCondition.beaconIdentityConstraint)
    }

    private func leftStore(at time: Double, app: SimulatedApplication) {
        var policy = CouponApp.loadPolicy(app.defaults)
        policy.exited(at: time)
        CouponApp.save(policy, app.defaults)
        manager?.stopRangingBeacons(satisfying: Self.storeCondition.beaconIdentityConstraint)
        finishWork()
    }

    public func locationManager(
        _ manager: SimulatedLocationManager, didRange beacons: [Beacon], satisfying constraint: BeaconIdentityConstraint
    ) {
        guard let nearest = beacons.first else { return }
        nearestMinor = nearest.minor
        finishWork()
    }

    private func finishWork() {
        guard task != .invalid else { return }
        SimulatedApplication.shared?.endBackgroundTask(task)
        task = .invalid
    }
}
