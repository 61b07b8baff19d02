// SPDX-License-Identifier: GPL-3.0-or-later

extension ForegroundService {
    /// Why Android refused to start the foreground service (`Effect.refused`). The raw value is
    /// the text the timeline's `reason` field carries (unchanged from when reasons were strings).
    public enum Refusal: String, Sendable, Hashable, CaseIterable {
        /// Android 12+ forbids starting a foreground service from the background.
        case fromBackground = "Android 12+: started from the background"
        /// Android 14+: started at boot before the app's BOOT_COMPLETED receiver ran.
        case beforeBootCompleted = "Android 14+: started before the app's BOOT_COMPLETED receiver ran"
    }
}
