// The peers' stress scene (../../../shared/peers/qtquick/bench.qml) with every quad a ring drawn
// by QtQuick.Shapes, 4 pixels wide in the quad's colour, whose arc grows from nothing to a whole
// circle and back every 2 s (a NumberAnimation of the arc's sweep, on Qt's GUI thread; the shape
// is triangulated again at each change): about SceneCore's `--effect shape`.
import QtQuick 2.15
import QtQuick.Shapes 1.15

Item {
    id: root
    width: 1280
    height: 720
    property int count: typeof benchCount !== "undefined" ? benchCount : 1000

    Rectangle { anchors.fill: parent; color: "#1f1f24" }

    Repeater {
        model: root.count
        delegate: Item {
            id: quad
            width: 48; height: 48
            x: (index * 97) % (root.width - 48)
            y: (index * 59) % (root.height - 48)
            property color own: Qt.rgba(0.5 + 0.5 * Math.sin(index * 0.1),
                                        0.5 + 0.5 * Math.sin(index * 0.1 + 2.1),
                                        0.5 + 0.5 * Math.sin(index * 0.1 + 4.2), 0.6)
            Shape {
                anchors.fill: parent
                ShapePath {
                    strokeColor: quad.own
                    strokeWidth: 4
                    fillColor: "transparent"
                    capStyle: ShapePath.FlatCap
                    PathAngleArc {
                        id: arc
                        centerX: 24; centerY: 24; radiusX: 20; radiusY: 20
                        startAngle: 0
                        SequentialAnimation on sweepAngle {
                            loops: Animation.Infinite
                            NumberAnimation { from: 0; to: 360; duration: 2000 }
                            NumberAnimation { from: 360; to: 0; duration: 2000 }
                        }
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
