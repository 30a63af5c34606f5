// The peers' stress scene (../../../shared/peers/qtquick/bench.qml) with a drop shadow on every
// quad through `layer.effect`, Qt Quick's way to shadow an item: the quad is drawn into a layer of
// its own, blurred and composited under itself, on the render thread. Offset (0, 3), blur radius
// 8 px (17 samples), black at alpha 0.5: about SceneCore's `--effect shadow` (shadowRadius 6).
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
        // The turn is the wrapper's: RotationAnimator on the item whose layer has the effect
        // turns nothing on screen (Qt 5.15).
        delegate: Item {
            width: 48; height: 48
            x: (index * 97) % (root.width - 48)
            y: (index * 59) % (root.height - 48)
            Rectangle {
                anchors.fill: parent
                radius: root.rectRadius
                color: Qt.rgba(0.5 + 0.5 * Math.sin(index * 0.1),
                               0.5 + 0.5 * Math.sin(index * 0.1 + 2.1),
                               0.5 + 0.5 * Math.sin(index * 0.1 + 4.2), 0.6)
                layer.enabled: true
                layer.effect: DropShadow {
                    horizontalOffset: 0; verticalOffset: 3
                    radius: 8; samples: 17
                    color: "#80000000"
                }
            }
            RotationAnimator on rotation {
                from: (index * 7) % 360; to: (index * 7) % 360 + 360
                duration: 4000; loops: Animation.Infinite
            }
        }
    }
}
