// The peers' stress scene (../../../shared/peers/qtquick/bench.qml) with every quad blurred as Qt
// users blur an item: a layer whose effect is QtGraphicalEffects' FastBlur (radius 8, about a
// Gaussian of 4 pixels), the quads turning by RotationAnimators: SceneCore's `--effect blur`.
import QtQuick 2.15
import QtGraphicalEffects 1.15

Item {
    id: root
    width: 1280
    height: 720
    property int count: typeof benchCount !== "undefined" ? benchCount : 1000

    Rectangle { anchors.fill: parent; color: "black" }

    Repeater {
        model: root.count
        delegate: Rectangle {
            width: 48; height: 48
            x: (index * 97) % (root.width - 48)
            y: (index * 59) % (root.height - 48)
            color: Qt.rgba(0.5 + 0.5 * Math.sin(index * 0.1), 0.5 + 0.5 * Math.sin(index * 0.1 + 2.1),
                           0.5 + 0.5 * Math.sin(index * 0.1 + 4.2), 0.6)
            layer.enabled: true
            layer.effect: FastBlur { radius: 8 }
            RotationAnimator on rotation {
                from: (index * 7) % 360; to: (index * 7) % 360 + 360
                duration: 4000; loops: Animation.Infinite
            }
        }
    }
}
