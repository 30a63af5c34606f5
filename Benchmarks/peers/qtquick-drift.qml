// The drift scene (SceneCore's `demo-window bench --scene drift`) in Qt Quick: benchCount 48x48
// rectangles (the stress scene's colours at alpha 0.6) drifting around the cells of a grid, their
// x and y set at every frame by the app: from C++ (qtbench --drive cpp sets the children of
// `field`) or, with benchDrive "qml", from QML, as Qt users write it: an animation of a time
// property whose change handler places every item.
import QtQuick 2.12

Item {
    id: root
    width: 1280
    height: 720

    Rectangle {
        anchors.fill: parent
        color: "black"
    }

    Item {
        id: field
        objectName: "field"
        anchors.fill: parent

        Repeater {
            id: repeater
            model: benchCount
            Rectangle {
                width: 48
                height: 48
                color: Qt.rgba(0.5 + 0.5 * Math.sin(0.1 * index), 0.5 + 0.5 * Math.sin(0.1 * index + 2.1),
                    0.5 + 0.5 * Math.sin(0.1 * index + 4.2), 0.6)
            }
        }
    }

    // Seconds since the scene started, advanced once a frame by Qt's animation driver.
    property real time: 0
    NumberAnimation on time {
        running: benchDrive === "qml"
        from: 0
        to: 1000000
        duration: 1000000000
    }
    onTimeChanged: {
        var n = repeater.count
        var columns = Math.max(1, Math.ceil(Math.sqrt(n * width / Math.max(height, 1))))
        var rows = Math.max(Math.ceil(n / columns), 1)
        var cw = width / columns, ch = height / rows
        for (var i = 0; i < n; i++) {
            var item = repeater.itemAt(i)
            var phase = i * 0.37
            item.x = (i % columns) * cw + cw / 2 + 40 * Math.sin(time * 1.7 + phase) - 24
            item.y = Math.floor(i / columns) * ch + ch / 2 + 40 * Math.cos(time * 1.3 + phase) - 24
        }
    }
}
