#include "ui/TrayIcon.h"

#include "ui/AppIcon.h"
#include "ui/BenchmarkPage.h"
#include "ui/EngineController.h"

#include <QAction>
#include <QMenu>
#include <QPainter>
#include <QSystemTrayIcon>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

// The application icon with a dot of `color` in its lower right corner, at
// the sizes trays ask for.
QIcon stateIcon(const QColor &color)
{
    const QIcon base = AppIcon::icon();
    QIcon icon;
    for (const int size : { 16, 22, 24, 32, 48, 64 }) {
        QPixmap pixmap = base.pixmap(size, size);
        if (pixmap.isNull()) {
            pixmap = QPixmap(size, size);
            pixmap.fill(Qt::transparent);
        }
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        const qreal dot = size * 0.5;
        const QRectF circle(size - dot, size - dot, dot, dot);
        painter.setPen(QPen(Qt::white, qMax(1.0, size / 16.0)));
        painter.setBrush(color);
        painter.drawEllipse(circle.adjusted(0.5, 0.5, -0.5, -0.5));
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace

TrayIcon::TrayIcon(EngineController &engine, BenchmarkPage &benchmark, QObject *parent)
    : QObject(parent)
    , m_engine(engine)
    , m_benchmark(benchmark)
    , m_menu(new QMenu)
    , m_tray(new QSystemTrayIcon(this))
{
    setObjectName(u"trayIcon"_s);
    m_menu->setObjectName(u"trayMenu"_s);
    m_startStop = m_menu->addAction(QString());
    m_startStop->setObjectName(u"trayStartStop"_s);
    m_showWindow = m_menu->addAction(tr("Show &Window"));
    m_showWindow->setObjectName(u"trayShowWindow"_s);
    m_menu->addSeparator();
    m_quit = m_menu->addAction(tr("&Quit Hostbench"));
    m_quit->setObjectName(u"trayQuit"_s);
    m_tray->setContextMenu(m_menu);

    connect(m_startStop, &QAction::triggered, this, [this] {
        if (m_engine.isRunning())
            emit stopRequested();
        else
            emit startRequested();
    });
    connect(m_showWindow, &QAction::triggered, this, &TrayIcon::showWindowRequested);
    connect(m_quit, &QAction::triggered, this, &TrayIcon::quitRequested);
    // A click on the icon itself (not the menu) shows the window.
    connect(m_tray, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason reason) {
        if (reason == QSystemTrayIcon::Trigger || reason == QSystemTrayIcon::DoubleClick)
            emit showWindowRequested();
    });
    connect(&m_engine, &EngineController::runningChanged, this, &TrayIcon::update);
    connect(&m_benchmark, &BenchmarkPage::runningChanged, this, &TrayIcon::update);
    update();
}

TrayIcon::~TrayIcon()
{
    delete m_menu;
}

bool TrayIcon::showIfAvailable()
{
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return false;
    m_tray->show();
    return true;
}

bool TrayIcon::isVisible() const
{
    return m_tray->isVisible();
}

void TrayIcon::notify(const QString &title, const QString &message)
{
    m_tray->showMessage(title, message, m_tray->icon());
    emit notified(title, message);
}

QColor TrayIcon::color(State state)
{
    switch (state) {
    case State::Serving:
        return QColor(0x2e, 0x7d, 0x32); // green 800
    case State::Benchmarking:
        return QColor(0xe6, 0x51, 0x00); // orange 900
    case State::Stopped:
        break;
    }
    return QColor(0x9e, 0x9e, 0x9e); // grey 500
}

void TrayIcon::update()
{
    const bool running = m_engine.isRunning();
    m_state = m_benchmark.isRunning() ? State::Benchmarking : running ? State::Serving : State::Stopped;
    m_startStop->setText(running ? tr("S&top the Engine") : tr("&Start the Engine"));
    QString tip;
    switch (m_state) {
    case State::Stopped:
        tip = tr("Hostbench: the engine is stopped");
        break;
    case State::Serving:
        tip = tr("Hostbench: serving %1").arg(m_engine.url());
        break;
    case State::Benchmarking:
        tip = running ? tr("Hostbench: serving %1, a benchmark is running").arg(m_engine.url())
                      : tr("Hostbench: a benchmark is running");
        break;
    }
    m_tray->setToolTip(tip);
    m_tray->setIcon(stateIcon(color(m_state)));
}

} // namespace hostbench::ui
