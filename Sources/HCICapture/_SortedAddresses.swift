// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

extension Array where Element == BluetoothAddress {
    /// Index of the first element not less than `value` (the array is sorted).
    func partitionIndex(_ value: BluetoothAddress) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
