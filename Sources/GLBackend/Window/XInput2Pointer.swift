import CSceneCoreX11
import Foundation

/// A window's pointer input through XInput2 (version 2.1 or later), used where the server has
/// it, for its smooth scrolling: touchpads and high-resolution wheels report scrolling as
/// valuators, which arrive as fractions of a notch instead of whole notches.
///
/// Once a window selects XInput2 pointer events, the server no longer sends it the core button
/// and motion events, so clicks and motion come from here too. A device with scroll valuators
/// also sends each notch as an emulated press of buttons 4 to 7; those are skipped, because the
/// valuators already carried the scroll. Wheels without valuators (and `xdotool click 4`) send
/// plain presses of buttons 4 to 7, which scroll one notch each, as with core events.
/// Used on the window's event thread only.
final class XInput2Pointer {
    private let display: OpaquePointer
    private let opcode: Int32
    private var tracker = SmoothScrollTracker()
    private var clicks = ClickCounter()
    /// The window's pixels per point, for the distance between the presses of a double click.
    var scale: CGFloat = 1
    private var lastLocation: CGPoint?

    /// Selects XInput2 pointer events on `window`; nil when the server has no XInput 2.1, and
    /// the window keeps its core events.
    init?(display: OpaquePointer, window: Window) {
        var opcode: Int32 = 0
        var firstEvent: Int32 = 0
        var firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        var major: Int32 = 2
        var minor: Int32 = 1
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1) else {
            return nil
        }
        self.display = display
        self.opcode = opcode
        let types = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_Leave, XI_DeviceChanged]
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for type in types { bits[Int(type) >> 3] |= UInt8(1 << (Int(type) & 7)) }
        let status = bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(
                deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XISelectEvents(display, window, &mask, 1)
        }
        guard status == Success else { return nil }
    }

    /// The input an XInput2 event stands for, or nil when `event` is not one of XInput2's.
    func translate(_ event: inout XEvent) -> [WindowInput]? {
        guard event.type == GenericEvent, event.xcookie.extension == opcode,
            XGetEventData(display, &event.xcookie) != 0
        else { return nil }
        defer { XFreeEventData(display, &event.xcookie) }
        guard let data = event.xcookie.data else { return [] }
        switch event.xcookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            return button(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, event.xcookie.evtype)
        case XI_Motion:
            return motion(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
        case XI_Enter, XI_Leave:
            let crossing = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            // Valuators change unseen while the pointer is elsewhere: start from new baselines.
            if crossing.evtype == XI_Enter { tracker.reset() }
            // A grab starting (a button pressed outside, then the pointer brought in) is no crossing.
            guard crossing.mode != XINotifyGrab else { return [] }
            return [
                .mouse(
                    MouseEvent(
                        kind: crossing.evtype == XI_Enter ? .entered : .exited,
                        location: CGPoint(x: crossing.event_x, y: crossing.event_y), button: 0,
                        modifiers: ModifierFlags(x11State: UInt32(bitPattern: crossing.mods.effective)),
                        buttons: Self.buttons(crossing.buttons)))
            ]
        case XI_DeviceChanged:
            let changed = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            tracker.setAxes(Self.scrollAxes(changed.classes, count: changed.num_classes), of: Int(changed.sourceid))
            return []
        default:
            return []
        }
    }

    private func button(_ device: XIDeviceEvent, _ type: Int32) -> [WindowInput] {
        let location = CGPoint(x: device.event_x, y: device.event_y)
        if let scroll = ScrollEvent(button: UInt32(max(device.detail, 0)), location: location) {
            let emulated = device.flags & XIPointerEmulated != 0
            return type == XI_ButtonPress && !emulated ? [.scroll(scroll)] : []
        }
        let button = Int(device.detail)
        let down = type == XI_ButtonPress
        // The event's buttons are those held before it.
        var buttons = Self.buttons(device.buttons)
        if down { buttons.insert(MouseButtons(button: button)) } else { buttons.remove(MouseButtons(button: button)) }
        let count =
            down
            ? clicks.press(
                button: button, at: CGPoint(x: location.x / scale, y: location.y / scale),
                time: TimeInterval(device.time) / 1000)
            : clicks.release(button: button)
        return [
            .mouse(
                MouseEvent(
                    kind: down ? .down : .up, location: location, button: button,
                    modifiers: ModifierFlags(x11State: UInt32(bitPattern: device.mods.effective)), clickCount: count,
                    buttons: buttons))
        ]
    }

    /// The buttons an XInput2 button state holds (bit n for button n).
    private static func buttons(_ state: XIButtonState) -> MouseButtons {
        let count = min(Int(max(state.mask_len, 0)) * 8, 33)
        guard let mask = state.mask, count > 1 else { return [] }
        var buttons: MouseButtons = []
        for number in 1..<count where mask[number >> 3] & UInt8(1 << (number & 7)) != 0 {
            buttons.insert(MouseButtons(button: number))
        }
        return buttons
    }

    private func motion(_ device: XIDeviceEvent) -> [WindowInput] {
        let location = CGPoint(x: device.event_x, y: device.event_y)
        var inputs: [WindowInput] = []
        if location != lastLocation {
            lastLocation = location
            let buttons = Self.buttons(device.buttons)
            inputs.append(
                .mouse(
                    MouseEvent(
                        kind: buttons.isEmpty ? .moved : .dragged, location: location, button: 0,
                        modifiers: ModifierFlags(x11State: UInt32(bitPattern: device.mods.effective)), buttons: buttons)
                ))
        }
        let source = Int(device.sourceid)
        if !tracker.knows(device: source) { tracker.setAxes(queryScrollAxes(of: device.sourceid), of: source) }
        if let delta = tracker.scroll(device: source, values: Self.values(device.valuators)) {
            inputs.append(.scroll(ScrollEvent(location: location, delta: delta)))
        }
        return inputs
    }

    /// The valuator values an event carries, by valuator number.
    private static func values(_ state: XIValuatorState) -> [Int: Double] {
        guard let mask = state.mask, let packed = state.values else { return [:] }
        var values: [Int: Double] = [:]
        var next = 0
        for number in 0..<Int(max(state.mask_len, 0)) * 8 where mask[number >> 3] & UInt8(1 << (number & 7)) != 0 {
            values[number] = packed[next]
            next += 1
        }
        return values
    }

    private func queryScrollAxes(of deviceID: Int32) -> [SmoothScrollTracker.Axis] {
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, deviceID, &count) else { return [] }
        defer { XIFreeDeviceInfo(info) }
        return count > 0 ? Self.scrollAxes(info.pointee.classes, count: info.pointee.num_classes) : []
    }

    private static func scrollAxes(
        _ classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32
    ) -> [SmoothScrollTracker.Axis] {
        guard let classes else { return [] }
        return (0..<Int(max(count, 0))).compactMap { index in
            guard let any = classes[index], any.pointee.type == XIScrollClass else { return nil }
            let scroll = UnsafeRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
            return SmoothScrollTracker.Axis(
                number: Int(scroll.number),
                direction: scroll.scroll_type == XIScrollTypeVertical ? .vertical : .horizontal,
                increment: scroll.increment)
        }
    }
}
