// The feed scene (SceneCore's `demo-window bench --scene feed`) in Qt Quick, as a Qt user writes
// it: a ListView of benchCount cards scrolled at 2,000 pixels a second by an animation of its
// contentY. Each card: a white Rectangle with radius 12 over a pre-blurred shadow drawn as a
// BorderImage, a 64x64 Image, a bold title and two wrapped lines of Text, and a small badge with
// a horizontal gradient. The pictures and the shadow come from feed-assets.py, in the same folder.
import QtQuick 2.12

Item {
    id: root
    width: 1280
    height: 720

    readonly property var titles: ["Morning run", "Release notes", "Team lunch", "Build is green", "New photos",
        "Weekly report", "Design review", "Travel plans"]
    readonly property var bodies: [
        "Five kilometres along the river before work, with a stop at the bakery on the way back home.",
        "Layers now scroll at display rate on every machine we tried; the notes list every change since.",
        "Noodles at the corner place on Thursday at noon. Reply if you are coming so we book a table.",
        "All two thousand tests pass on both machines, and the sanitizers found nothing new this time.",
        "Twelve new pictures from the weekend in the hills, the lake at sunset and the old stone bridge.",
        "Frame times went down again this week, and the memory a layer needs is below three kilobytes.",
        "Wednesday at three in the large room: the new list design, its colours and its animations.",
        "Trains booked for the conference in March; the hotel is five minutes from the venue on foot."]

    Rectangle {
        anchors.fill: parent
        color: Qt.rgba(0.95, 0.95, 0.97, 1)
    }

    ListView {
        id: list
        anchors.fill: parent
        model: benchCount
        spacing: 16
        interactive: false
        readonly property real cardWidth: Math.min(width - 32, 720)

        delegate: Item {
            width: list.width
            height: 104

            BorderImage {
                x: card.x - 18
                y: card.y - 18 + 3
                width: card.width + 36
                height: card.height + 36
                border { left: 30; right: 30; top: 30; bottom: 30 }
                source: "feed-shadow.png"
            }
            Rectangle {
                id: card
                x: (parent.width - width) / 2
                width: list.cardWidth
                height: 104
                radius: 12
                color: "white"

                Image {
                    x: 20
                    y: 20
                    width: 64
                    height: 64
                    source: "feed-picture-" + (index % 8) + ".png"
                }
                Text {
                    x: 104
                    y: 16
                    width: card.width - 220
                    height: 24
                    text: "Card " + (index + 1) + ": " + root.titles[index % 8]
                    font.family: "DejaVu Sans"
                    font.pixelSize: 17
                    font.bold: true
                    elide: Text.ElideRight
                    color: Qt.rgba(0.1, 0.1, 0.15, 1)
                }
                Text {
                    x: 104
                    y: 46
                    width: card.width - 220
                    height: 40
                    text: root.bodies[index % 8]
                    font.family: "DejaVu Sans"
                    font.pixelSize: 13
                    wrapMode: Text.WordWrap
                    maximumLineCount: 2
                    elide: Text.ElideRight
                    color: Qt.rgba(0.3, 0.3, 0.35, 1)
                }
                Rectangle {
                    x: card.width - 84
                    y: 18
                    width: 64
                    height: 24
                    radius: 12
                    gradient: Gradient {
                        orientation: Gradient.Horizontal
                        GradientStop { position: 0; color: Qt.rgba(0.2, 0.4, 0.9, 1) }
                        GradientStop { position: 1; color: Qt.rgba(0.55, 0.3, 0.8, 1) }
                    }
                }
            }
        }

        // 2,000 pixels a second from the top to the bottom, again and again.
        readonly property real distance: benchCount * 120 + 16 - height
        NumberAnimation on contentY {
            from: 0
            to: list.distance
            duration: list.distance / 2
            loops: Animation.Infinite
        }
    }
}
