// qtbench: the Qt Quick side of SceneCore's application benchmarks (issue 36). Loads a QML scene
// in a QQuickView and measures, over a window after a warm-up: presented frames (timed on the
// thread that swaps), the whole process's CPU time per frame (Mesa's rasteriser threads
// included) and the GUI thread's. With --drive cpp it also moves every child of the scene's
// item named "field" from C++ once per frame (QQuickWindow::afterAnimating, on the GUI thread),
// timing those setters. With --first-frame it quits at the first frame swapped and prints when
// that was (CLOCK_REALTIME), for start-up times measured from outside.
//
//   qtbench --qml FILE [--n N] [--drive none|cpp] [--warmup S] [--seconds S] [--first-frame]
//
// The QML sees the context properties benchCount (N) and benchDrive (and the peers' bench.qml
// its benchMode "animator" and benchRadius 0). Swap interval 0: frames
// are drawn as fast as the machine allows (Xvfb has no vertical blank to pace them).
// Prints one line of key=value pairs.
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QQmlContext>
#include <QQuickItem>
#include <QQuickView>
#include <QSurfaceFormat>
#include <QTimer>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <unistd.h>
#include <vector>

namespace {

// Resident memory of this process in MiB, from /proc/self/statm.
double residentMegabytes() {
    long pages = 0, resident = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (!statm) return 0;
    if (fscanf(statm, "%ld %ld", &pages, &resident) != 2) resident = 0;
    fclose(statm);
    return resident * double(sysconf(_SC_PAGESIZE)) / 1048576;
}

double cpuSeconds(clockid_t clock) {
    timespec ts{};
    clock_gettime(clock, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

std::atomic<long long> swapped{0};
std::atomic<long long> firstSwapRealtimeNs{0};

// Where item i of n stands at t seconds (its top-left corner): drifting on a path of its own
// around the centre of its cell of a grid of about square cells (SceneCore's DriftScene.position).
QPointF drivenPosition(int i, int n, double t, QSizeF area) {
    int columns = std::max(1, int(std::ceil(std::sqrt(double(n) * area.width() / std::max(area.height(), 1.0)))));
    int rows = std::max((n + columns - 1) / columns, 1);
    double cw = area.width() / columns, ch = area.height() / rows, phase = i * 0.37;
    return QPointF((i % columns) * cw + cw / 2 + 40 * std::sin(t * 1.7 + phase) - 24,
                   (i / columns) * ch + ch / 2 + 40 * std::cos(t * 1.3 + phase) - 24);
}

}  // namespace

int main(int argc, char **argv) {
    const char *qml = nullptr, *drive = "none";
    int n = 1000;
    double warmup = 2, seconds = 5;
    bool firstFrame = false;
    for (int i = 1; i < argc; i++) {
        auto is = [&](const char *name) { return !strcmp(argv[i], name) && i + 1 < argc; };
        if (is("--qml")) qml = argv[++i];
        else if (is("--n")) n = atoi(argv[++i]);
        else if (is("--drive")) drive = argv[++i];
        else if (is("--warmup")) warmup = atof(argv[++i]);
        else if (is("--seconds")) seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--first-frame")) firstFrame = true;
        else { fprintf(stderr, "qtbench: bad argument %s\n", argv[i]); return 2; }
    }
    if (!qml) { fprintf(stderr, "qtbench: --qml FILE is required\n"); return 2; }

    QSurfaceFormat format = QSurfaceFormat::defaultFormat();
    format.setSwapInterval(0);
    QSurfaceFormat::setDefaultFormat(format);
    QGuiApplication app(argc, argv);
    QQuickView view;
    view.rootContext()->setContextProperty("benchCount", n);
    view.rootContext()->setContextProperty("benchDrive", QString::fromUtf8(drive));
    // What the peers' bench.qml reads: render-thread RotationAnimators, square corners.
    view.rootContext()->setContextProperty("benchMode", QStringLiteral("animator"));
    view.rootContext()->setContextProperty("benchRadius", 0);
    QObject::connect(
        &view, &QQuickWindow::frameSwapped, &view,
        [] {
            if (swapped.fetch_add(1) == 0) {
                timespec ts{};
                clock_gettime(CLOCK_REALTIME, &ts);
                firstSwapRealtimeNs = ts.tv_sec * 1000000000LL + ts.tv_nsec;
            }
        },
        Qt::DirectConnection);
    view.setSource(QUrl::fromLocalFile(QString::fromUtf8(qml)));
    if (view.status() != QQuickView::Ready) { fprintf(stderr, "qtbench: the QML did not load\n"); return 1; }
    view.show();

    // The C++ driver: every frame, after the animations advanced, each field item moves.
    QElapsedTimer clock;
    clock.start();
    double driveSeconds = 0;
    long long drivenFrames = 0;
    std::vector<QQuickItem *> items;
    if (!strcmp(drive, "cpp")) {
        auto *field = view.rootObject()->findChild<QQuickItem *>("field");
        if (!field) { fprintf(stderr, "qtbench: --drive cpp needs an item named field\n"); return 1; }
        QObject::connect(&view, &QQuickWindow::afterAnimating, &view, [&, field] {
            if (items.empty()) {
                const auto children = field->childItems();
                items.assign(children.begin(), children.end());
            }
            QElapsedTimer setters;
            setters.start();
            double t = clock.nsecsElapsed() / 1e9;
            QSizeF area(view.width(), view.height());
            for (int i = 0; i < int(items.size()); i++) items[i]->setPosition(drivenPosition(i, int(items.size()), t, area));
            driveSeconds += setters.nsecsElapsed() / 1e9;
            drivenFrames++;
            view.update();
        });
    }

    // Measurement: from warm-up's end to its end plus `seconds`, sampled on the GUI thread.
    long long framesAtStart = 0, framesAtEnd = 0;
    double processAtStart = 0, guiAtStart = 0, processAtEnd = 0, guiAtEnd = 0, driveAtStart = 0;
    long long drivenAtStart = 0;
    double startedAt = -1, rss = 0;
    QTimer poll;
    poll.setInterval(5);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (firstFrame) {
            if (swapped > 0) app.quit();
            return;
        }
        double now = clock.nsecsElapsed() / 1e9;
        if (startedAt < 0) {
            if (swapped > 0 && now >= warmup) {
                startedAt = now;
                framesAtStart = swapped;
                processAtStart = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
                guiAtStart = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
                driveAtStart = driveSeconds;
                drivenAtStart = drivenFrames;
            }
        } else if (now >= startedAt + seconds) {
            framesAtEnd = swapped;
            processAtEnd = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
            guiAtEnd = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
            seconds = now - startedAt;
            rss = residentMegabytes();
            app.quit();
        }
    });
    poll.start();
    app.exec();

    if (firstFrame) {
        printf("bench=qtbench first_frame_realtime_ns=%lld\n", firstSwapRealtimeNs.load());
        return 0;
    }
    long long frames = framesAtEnd - framesAtStart;
    double perFrame = frames > 0 ? 1000.0 / frames : 0;
    long long driven = drivenFrames - drivenAtStart;
    printf("bench=qtbench qml=%s n=%d drive=%s frames=%lld seconds=%.3f fps=%.2f process_cpu_ms=%.3f gui_cpu_ms=%.3f "
           "drive_ms=%.3f rss_mb=%.1f\n",
           qml, n, drive, frames, seconds, frames / seconds, (processAtEnd - processAtStart) * perFrame,
           (guiAtEnd - guiAtStart) * perFrame, driven > 0 ? (driveSeconds - driveAtStart) * 1000 / driven : 0, rss);
    return 0;
}
