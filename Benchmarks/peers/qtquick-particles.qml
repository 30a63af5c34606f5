// SceneCore's `emitter-bench` scene in Qt Quick Particles (QtQuick.Particles 2, the package
// qml-module-qtquick-particles2): one emitter over the middle half of a 1280x720 window keeping
// about 10,000 particles alive, 5,000 born a second, each living 2 s, 6 px dots flying out in
// every direction at 60 +- 30 px/s, turning at up to +-3 rad/s (172 degrees), light blue at
// alpha 0.8 with the red spread by +-0.5, over the same dark background. The image is Qt's own
// soft dot (particleresources/glowdot.png) drawn at 6 px. Qt Quick simulates the particles on
// the GUI thread and draws them on its render thread. `benchCount` (qsgbench --n) is the number
// of live particles asked for: the birth rate is benchCount / 2.
import QtQuick 2.15
import QtQuick.Particles 2.15

Item {
    id: root
    width: 1280
    height: 720
    property int count: typeof benchCount !== "undefined" ? benchCount : 10000

    Rectangle { anchors.fill: parent; color: Qt.rgba(0.05, 0.06, 0.12, 1) }

    ParticleSystem { id: particles; anchors.fill: parent }

    ImageParticle {
        system: particles
        source: "qrc:///particleresources/glowdot.png"
        color: Qt.rgba(0.5, 0.8, 1, 0.8)
        redVariation: 0.5
        rotationVelocityVariation: 172
    }

    Emitter {
        system: particles
        x: root.width / 4; y: root.height / 4
        width: root.width / 2; height: root.height / 2
        shape: RectangleShape {}
        emitRate: root.count / 2
        lifeSpan: 2000
        maximumEmitted: root.count + root.count / 10
        size: 6
        velocity: AngleDirection { angleVariation: 180; magnitude: 60; magnitudeVariation: 30 }
    }
}
