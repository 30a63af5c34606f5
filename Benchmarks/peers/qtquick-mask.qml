// The peers' stress scene (../../../shared/peers/qtquick/bench.qml) with every quad masked by a
// circle through `OpacityMask`: about SceneCore's `--effect mask`.
import QtQuick 2.15
import QtGraphicalEffects 1.15

Item {
    id: root
    width: 1280
    height: 720
    property int count: typeof benchCount !== "undefined" ? benchCount : 1000
    property real rectRadius: typeof benchRadius !== "undefined" ? benchRadius : 0

    Rectangle { anchors.fill: parent; color: "#1f1f24" }

    Repeater {
        model: root.count
        delegate: Item {
            width: 48; height: 48
            x: (index * 97) % (root.width - 48)
            y: (index * 59) % (root.height - 48)
            Rectangle {
                id: quad
                anchors.fill: parent
                visible: false
                radius: root.rectRadius
                color: Qt.rgba(0.5 + 0.5 * Math.sin(index * 0.1),
                               0.5 + 0.5 * Math.sin(index * 0.1 + 2.1),
                               0.5 + 0.5 * Math.sin(index * 0.1 + 4.2), 0.6)
            }
            Rectangle { id: circle; anchors.fill: parent; radius: 24; visible: false }
            OpacityMask { anchors.fill: parent; source: quad; maskSource: circle }
            RotationAnimator on rotation {
                from: (index * 7) % 360; to: (index * 7) % 360 + 360
                duration: 4000; loops: Animation.Infinite
            }
        }
    }
}
