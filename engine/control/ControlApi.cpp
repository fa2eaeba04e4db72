#include "control/ControlApi.h"

#include "control/ControlFormat.h"

#include <QElapsedTimer>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QTcpServer>
#include <QTimer>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

constexpr int kRateIntervalMs = 1000;

struct TimedSnapshot
{
    model::MetricsSnapshot metrics;
    qint64 atMs = 0; // on the API's own clock
};

} // namespace

struct ControlApi::Private
{
    MetricsSource metrics;
    QString engineUrl;
    QHttpServer server;
    QTcpServer *listener = nullptr; // owned by `server` once bound
    QTimer rateTimer;
    QElapsedTimer clock;
    TimedSnapshot previous;
    TimedSnapshot latest;
    int snapshotsTaken = 0;

    void takeSnapshot()
    {
        previous = latest;
        latest = {metrics(), clock.elapsed()};
        ++snapshotsTaken;
    }

    // Over the last full second between two timer ticks; 0 before the second tick.
    double requestsPerSecond() const
    {
        if (snapshotsTaken < 2)
            return 0;
        return ControlFormat::requestsPerSecond(previous.metrics, latest.metrics, latest.atMs - previous.atMs);
    }
};

ControlApi::ControlApi(MetricsSource metrics, QString engineUrl, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->metrics = std::move(metrics);
    d->engineUrl = std::move(engineUrl);
    d->clock.start();
    d->rateTimer.setInterval(kRateIntervalMs);
    connect(&d->rateTimer, &QTimer::timeout, this, [this] { d->takeSnapshot(); });

    d->server.route(u"/api/status"_s, QHttpServerRequest::Method::Get, [this](const QHttpServerRequest &) {
        const model::MetricsSnapshot now = d->metrics();
        return QHttpServerResponse(ControlFormat::statusJson(now, d->requestsPerSecond(), d->engineUrl));
    });
    d->server.route(u"/metrics"_s, QHttpServerRequest::Method::Get, [this](const QHttpServerRequest &) {
        return QHttpServerResponse(QByteArray(ControlFormat::kPrometheusContentType),
                                   ControlFormat::prometheusText(d->metrics()));
    });
}

ControlApi::~ControlApi() = default;

bool ControlApi::listen(const QHostAddress &address, quint16 port, QString *error)
{
    // The API has no authentication: it must not be reachable from other machines.
    if (!address.isLoopback()) {
        *error = u"The control API listens on loopback only (127.0.0.1 or ::1), not %1"_s.arg(address.toString());
        return false;
    }
    if (d->listener) {
        *error = u"The control API is already listening on port %1"_s.arg(d->listener->serverPort());
        return false;
    }
    // Our own QTcpServer, rather than QAbstractHttpServer::listen(), says why
    // listening failed (port in use) and works the same from Qt 6.4 to 6.8+.
    auto listener = std::make_unique<QTcpServer>();
    if (!listener->listen(address, port)) {
        *error = u"Cannot listen on %1 port %2: %3"_s.arg(address.toString()).arg(port).arg(listener->errorString());
        return false;
    }
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
    // Qt 6.8 made bind() report failure; it only fails for a server not listening.
    if (!d->server.bind(listener.get())) {
        *error = u"Cannot attach the control API to port %1"_s.arg(listener->serverPort());
        return false;
    }
#else
    d->server.bind(listener.get());
#endif
    d->listener = listener.release();
    d->listener->setParent(&d->server); // bind() does this too; owned by the server either way
    d->takeSnapshot();
    d->rateTimer.start();
    return true;
}

quint16 ControlApi::port() const
{
    return d->listener ? d->listener->serverPort() : 0;
}

void ControlApi::setEngineUrl(const QString &url)
{
    d->engineUrl = url;
}

} // namespace hostbench::control
