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
        // The turn is the wrapper's: RotationAnimator on the item whose layer has the effect
        // turns nothing on screen (Qt 5.15), and the layer is drawn once and then turned, as
        // SceneCore keeps a blurred layer's bitmap.
        delegate: Item {
            width: 48; height: 48
            x: (index * 97) % (root.width - 48)
            y: (index * 59) % (root.height - 48)
            Rectangle {
                anchors.fill: parent
                color: Qt.rgba(0.5 + 0.5 * Math.sin(index * 0.1), 0.5 + 0.5 * Math.sin(index * 0.1 + 2.1),
                               0.5 + 0.5 * Math.sin(index * 0.1 + 4.2), 0.6)
                layer.enabled: true
                // transparentBorder: the blur spreads past the quad's edges, as a Core Animation
                // blur does (without it FastBlur clamps at the edges and a flat quad stays sharp).
                layer.effect: FastBlur { radius: 8; transparentBorder: true }
            }
            RotationAnimator on rotation {
                from: (index * 7) % 360; to: (index * 7) % 360 + 360
                duration: 4000; loops: Animation.Infinite
            }
        }
    }
}
