#include "control/ControlApi.h"

#include "control/ControlFormat.h"
#include "control/ControlToken.h"

#include <QElapsedTimer>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTimer>

#include <optional>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

constexpr int kRateIntervalMs = 1000;

struct TimedSnapshot
{
    model::MetricsSnapshot metrics;
    qint64 atMs = 0; // on the API's own clock
};

const QByteArray kRealm = "Bearer realm=\"hostbench\""_ba;

// QtHttpServer 6.8 replaced the response's header functions by QHttpHeaders.
void addHeader(QHttpServerResponse &response, const QByteArray &name, const QByteArray &value)
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
    QHttpHeaders headers = response.headers();
    headers.append(name, value);
    response.setHeaders(std::move(headers));
#else
    response.addHeader(name, value);
#endif
}

QHttpServerResponse problemResponse(int status, const QString &detail, const QString &field = {})
{
    return QHttpServerResponse(QByteArray(ControlFormat::kProblemContentType),
                               QJsonDocument(ControlFormat::problem(status, detail, field)).toJson(),
                               QHttpServerResponse::StatusCode(status));
}

} // namespace

struct ControlApi::Private
{
    MetricsSource metrics;
    QString engineUrl;
    Access access;
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

    // The 401 answer for a request without the token (RFC 6750 section 3), or
    // nullopt when it may pass.
    std::optional<QHttpServerResponse> refuse(const QHttpServerRequest &request) const
    {
        const QByteArray field = request.value("Authorization"_ba);
        const QByteArray presented = ControlToken::fromAuthorization(field);
        if (!presented.isEmpty() && ControlToken::matches(presented, access.token))
            return std::nullopt;
        const bool tried = !field.isEmpty();
        QHttpServerResponse response = problemResponse(
            401, tried ? u"The bearer token is not this instance's (see control.token in its data folder)"_s
                       : u"This route needs \"Authorization: Bearer TOKEN\", the token being the content of "
                         "control.token in the data folder"_s);
        addHeader(response, "WWW-Authenticate"_ba,
                  tried ? QByteArray(kRealm + ", error=\"invalid_token\""_ba) : kRealm);
        return response;
    }
};

ControlApi::ControlApi(MetricsSource metrics, QString engineUrl, Access access, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->metrics = std::move(metrics);
    d->engineUrl = std::move(engineUrl);
    d->access = std::move(access);
    d->clock.start();
    d->rateTimer.setInterval(kRateIntervalMs);
    connect(&d->rateTimer, &QTimer::timeout, this, [this] { d->takeSnapshot(); });

    d->server.route(u"/api/status"_s, QHttpServerRequest::Method::Get, [this](const QHttpServerRequest &request) {
        if (std::optional<QHttpServerResponse> refused = d->refuse(request))
            return std::move(*refused);
        const model::MetricsSnapshot now = d->metrics();
        return QHttpServerResponse(ControlFormat::statusJson(now, d->requestsPerSecond(), d->engineUrl));
    });
    d->server.route(u"/metrics"_s, QHttpServerRequest::Method::Get, [this](const QHttpServerRequest &request) {
        if (d->access.tokenForMetrics) {
            if (std::optional<QHttpServerResponse> refused = d->refuse(request))
                return std::move(*refused);
        }
        return QHttpServerResponse(QByteArray(ControlFormat::kPrometheusContentType),
                                   ControlFormat::prometheusText(d->metrics()));
    });
}

ControlApi::~ControlApi() = default;

bool ControlApi::listen(const QHostAddress &address, quint16 port, QString *error)
{
    // /metrics answers without the token unless told otherwise: such an API
    // must not be reachable from other machines.
    if (!address.isLoopback() && !d->access.tokenForMetrics) {
        *error = u"The control API listens on loopback only (127.0.0.1 or ::1), not %1, unless the token is "
                 "required on every route"_s.arg(address.toString());
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
