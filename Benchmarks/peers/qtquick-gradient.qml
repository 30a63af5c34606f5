// The peers' stress scene (../../../shared/peers/qtquick/bench.qml) with every quad filled by a
// vertical gradient from its colour to translucent white whose two stops swap colours back and
// forth every 2 s (ColorAnimations, on Qt's GUI thread): about SceneCore's `--effect gradient`.
import QtQuick 2.15

Item {
    id: root
    width: 1280
    height: 720
    property int count: typeof benchCount !== "undefined" ? benchCount : 1000
    property real rectRadius: typeof benchRadius !== "undefined" ? benchRadius : 0

    Rectangle { anchors.fill: parent; color: "#1f1f24" }

    Repeater {
        model: root.count
        delegate: Rectangle {
            id: quad
            width: 48; height: 48
            x: (index * 97) % (root.width - 48)
            y: (index * 59) % (root.height - 48)
            radius: root.rectRadius
            property color own: Qt.rgba(0.5 + 0.5 * Math.sin(index * 0.1),
                                        0.5 + 0.5 * Math.sin(index * 0.1 + 2.1),
                                        0.5 + 0.5 * Math.sin(index * 0.1 + 4.2), 0.6)
            property color white: Qt.rgba(1, 1, 1, 0.6)
            gradient: Gradient {
                GradientStop {
                    position: 0
                    SequentialAnimation on color {
                        loops: Animation.Infinite
                        ColorAnimation { from: quad.own; to: quad.white; duration: 2000 }
                        ColorAnimation { from: quad.white; to: quad.own; duration: 2000 }
                    }
                }
                GradientStop {
                    position: 1
                    SequentialAnimation on color {
                        loops: Animation.Infinite
                        ColorAnimation { from: quad.white; to: quad.own; duration: 2000 }
                        ColorAnimation { from: quad.own; to: quad.white; duration: 2000 }
                    }
                }
            }
            RotationAnimator on rotation {
                from: (index * 7) % 360; to: (index * 7) % 360 + 360
                duration: 4000; loops: Animation.Infinite
            }
        }
    }
}
