// The peers' stress scene (../../../shared/peers/qtquick/bench.qml) under four frosted-glass
// panels as Qt users make them: a live ShaderEffectSource of the content behind each panel,
// blurred by FastBlur (radius 20, about a Gaussian of 10 pixels), under white at alpha 0.3 with
// rounded corners (an OpacityMask): SceneCore's `--effect glass`.
import QtQuick 2.15
import QtGraphicalEffects 1.15

Item {
    id: root
    width: 1280
    height: 720
    property int count: typeof benchCount !== "undefined" ? benchCount : 1000

    Item {
        id: content
        anchors.fill: parent
        Rectangle { anchors.fill: parent; color: "black" }
        Repeater {
            model: root.count
            delegate: Rectangle {
                width: 48; height: 48
                x: (index * 97) % (root.width - 48)
                y: (index * 59) % (root.height - 48)
                color: Qt.rgba(0.5 + 0.5 * Math.sin(index * 0.1), 0.5 + 0.5 * Math.sin(index * 0.1 + 2.1),
                               0.5 + 0.5 * Math.sin(index * 0.1 + 4.2), 0.6)
                RotationAnimator on rotation {
                    from: (index * 7) % 360; to: (index * 7) % 360 + 360
                    duration: 4000; loops: Animation.Infinite
                }
            }
        }
    }

    Repeater {
        model: 4
        delegate: Item {
            readonly property real panelWidth: (root.width - 60) / 2
            readonly property real panelHeight: (root.height - 60) / 2
            x: 20 + (index % 2) * (panelWidth + 20)
            y: 20 + Math.floor(index / 2) * (panelHeight + 20)
            width: panelWidth
            height: panelHeight

            ShaderEffectSource {
                id: behind
                anchors.fill: parent
                sourceItem: content
                sourceRect: Qt.rect(parent.x, parent.y, parent.width, parent.height)
                visible: false
            }
            FastBlur {
                id: frosted
                anchors.fill: parent
                source: behind
                radius: 20
                visible: false
            }
            Rectangle {
                id: shape
                anchors.fill: parent
                radius: 16
                visible: false
            }
            OpacityMask {
                anchors.fill: parent
                source: frosted
                maskSource: shape
            }
            Rectangle {
                anchors.fill: parent
                radius: 16
                color: Qt.rgba(1, 1, 1, 0.3)
            }
        }
    }
}
