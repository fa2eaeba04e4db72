#include "control/ControlApi.h"

#include "control/ControlAnswer.h"
#include "control/ControlFormat.h"
#include "control/ControlRuns.h"
#include "control/ControlSites.h"
#include "control/ControlToken.h"
#include "control/EngineSettingsJson.h"
#include "control/GatedTcpServer.h"

#include <QElapsedTimer>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QTcpServer>
#include <QTimer>

#include <optional>
#include <type_traits>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

constexpr int kRateIntervalMs = 1000;

struct TimedSnapshot
{
    model::MetricsSnapshot metrics;
    qint64 atMs = 0; // on the API's own clock
};

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

// What the resources' routes read of a request.
ControlRequest requestOf(const QHttpServerRequest &request)
{
    return { request.body(), request.value("Content-Type"_ba), request.value("If-Match"_ba) };
}

// An answer as QtHttpServer sends it; every answer closes its connection
// (GatedTcpServer closes it once written): the header tells clients not to
// send another request on it.
QHttpServerResponse responseOf(const ControlAnswer &answer)
{
    const auto status = QHttpServerResponse::StatusCode(answer.status);
    QHttpServerResponse response = [&] {
        switch (answer.body) {
        case ControlAnswer::Body::Object:
            return QHttpServerResponse(answer.object, status);
        case ControlAnswer::Body::Array:
            return QHttpServerResponse(answer.array, status);
        case ControlAnswer::Body::Bytes:
            return QHttpServerResponse(answer.contentType, answer.bytes, status);
        case ControlAnswer::Body::Empty:
            break;
        }
        return QHttpServerResponse(status);
    }();
    for (const auto &[name, value] : answer.headers)
        addHeader(response, name, value);
    addHeader(response, "Connection"_ba, "close"_ba);
    return response;
}

} // namespace

struct ControlApi::Private
{
    MetricsSource metrics;
    QString engineUrl;
    Access access;
    ControlSites sites;
    Engine engine;
    ControlRuns runs;
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
        latest = { metrics(), clock.elapsed() };
        ++snapshotsTaken;
    }

    // Over the last full second between two timer ticks; 0 before the second tick.
    double requestsPerSecond() const
    {
        if (snapshotsTaken < 2)
            return 0;
        return ControlFormat::requestsPerSecond(
            previous.metrics, latest.metrics, latest.atMs - previous.atMs);
    }

    // The 401 answer for a request without the token (RFC 6750 section 3), or
    // nullopt when it may pass.
    std::optional<ControlAnswer> refuse(const QHttpServerRequest &request) const
    {
        // GatedTcpServer refused such a request from its head already; this
        // stays for a route that something else might reach.
        const QByteArray field = request.value("Authorization"_ba);
        const QByteArray presented = ControlToken::fromAuthorization(field);
        if (!presented.isEmpty() && ControlToken::matches(presented, access.token))
            return std::nullopt;
        const RequestGate::Verdict refusal = RequestGate::unauthorized(!field.isEmpty());
        return ControlAnswer::problem(refusal.status, refusal.detail)
            .withHeader("WWW-Authenticate"_ba, refusal.wwwAuthenticate);
    }

    // QHttpServer::route() for a handler that answers a ControlAnswer.
    template <typename Handler>
    void route(const QString &path, QHttpServerRequest::Method method, Handler handler)
    {
        if constexpr (std::is_invocable_v<const Handler &, const QHttpServerRequest &>) {
            server.route(path, method,
                [handler](const QHttpServerRequest &request) { return responseOf(handler(request)); });
        } else {
            server.route(path, method, [handler](const QString &arg, const QHttpServerRequest &request) {
                return responseOf(handler(arg, request));
            });
        }
    }

    // The token first, then the resource's own refusal (no stored sites, no
    // runs), then the work.
    template <typename Refusal, typename Work>
    ControlAnswer guarded(const QHttpServerRequest &request, Refusal &&refusal, Work &&work) const
    {
        if (std::optional<ControlAnswer> refused = refuse(request))
            return std::move(*refused);
        if (std::optional<ControlAnswer> refused = refusal())
            return std::move(*refused);
        return work();
    }

    ControlAnswer startOrStopEngine(bool start)
    {
        if (!engine.start || !engine.stop) {
            return ControlAnswer::problem(409,
                u"This instance's engine is started and stopped where it runs (the "
                "window's Server page), not through its control API"_s);
        }
        if (start) {
            QString error;
            if (!engine.start(&error))
                return ControlAnswer::problem(409, u"The engine did not start: "_s + error);
        } else {
            engine.stop();
        }
        // Not from the metrics: an engine started a moment ago has an uptime of 0 ms.
        return ControlAnswer::json(
            QJsonObject { { u"running"_s, start }, { u"url"_s, start ? engineUrl : QString() } });
    }

    std::optional<ControlAnswer> refuseWithoutSettings() const
    {
        if (engine.settings && engine.applySettings)
            return std::nullopt;
        return ControlAnswer::problem(409,
            u"This instance's engine settings are set where it runs (the window's Server page, serve's "
            "flags), not through its control API"_s);
    }

    ControlAnswer settingsAnswer(bool restarted) const
    {
        QJsonObject out = EngineSettingsJson::toJson(engine.settings());
        out.insert(u"restarted"_s, restarted);
        out.insert(u"url"_s, engineUrl);
        return ControlAnswer::json(out);
    }

    ControlAnswer changeSettings(const ControlRequest &request)
    {
        QJsonObject body;
        if (std::optional<ControlAnswer> refused = request.readObject(&body))
            return std::move(*refused);
        model::ServerConfig config = engine.settings();
        QString field;
        QString detail;
        int status = 400;
        if (!EngineSettingsJson::apply(body, config, &field, &detail, &status))
            return ControlAnswer::problem(status, detail, field);
        bool restarted = false;
        QString error;
        if (!engine.applySettings(config, &restarted, &error))
            return ControlAnswer::problem(409, u"The engine did not start on these settings: "_s + error);
        return settingsAnswer(restarted);
    }

    void addStatusRoutes()
    {
        route(u"/api/status"_s, QHttpServerRequest::Method::Get, [this](const QHttpServerRequest &request) {
            if (std::optional<ControlAnswer> refused = refuse(request))
                return std::move(*refused);
            const model::MetricsSnapshot now = metrics();
            return ControlAnswer::json(ControlFormat::statusJson(now, requestsPerSecond(), engineUrl));
        });
        route(u"/metrics"_s, QHttpServerRequest::Method::Get, [this](const QHttpServerRequest &request) {
            if (access.tokenForMetrics) {
                if (std::optional<ControlAnswer> refused = refuse(request))
                    return std::move(*refused);
            }
            return ControlAnswer::data(
                QByteArray(ControlFormat::kPrometheusContentType), ControlFormat::prometheusText(metrics()));
        });
    }

    void addSiteRoutes()
    {
        using Method = QHttpServerRequest::Method;
        using Request = QHttpServerRequest;
        const auto needSites = [this] { return sites.refuseWithoutSites(); };
        const auto anyInstance = [] { return std::optional<ControlAnswer>(); };
        const QString site = u"/api/sites/<arg>"_s;
        route(u"/api/sites"_s, Method::Get, [this, needSites](const Request &request) {
            return guarded(request, needSites, [&] { return sites.list(); });
        });
        route(u"/api/sites"_s, Method::Post, [this, needSites](const Request &request) {
            return guarded(request, needSites, [&] { return sites.create(requestOf(request)); });
        });
        route(site, Method::Get, [this, needSites](const QString &host, const Request &request) {
            return guarded(request, needSites, [&] { return sites.show(host); });
        });
        route(site, Method::Put, [this, needSites](const QString &host, const Request &request) {
            return guarded(request, needSites, [&] { return sites.replace(host, requestOf(request)); });
        });
        route(site, Method::Delete, [this, needSites](const QString &host, const Request &request) {
            return guarded(request, needSites, [&] { return sites.remove(host, requestOf(request)); });
        });
        route(u"/api/engine/reload"_s, Method::Post, [this, anyInstance](const Request &request) {
            return guarded(request, anyInstance, [&] { return sites.reload(); });
        });
        route(u"/api/engine/start"_s, Method::Post, [this, anyInstance](const Request &request) {
            return guarded(request, anyInstance, [&] { return startOrStopEngine(true); });
        });
        route(u"/api/engine/stop"_s, Method::Post, [this, anyInstance](const Request &request) {
            return guarded(request, anyInstance, [&] { return startOrStopEngine(false); });
        });
        const auto needSettings = [this] { return refuseWithoutSettings(); };
        route(u"/api/engine/settings"_s, Method::Get, [this, needSettings](const Request &request) {
            return guarded(request, needSettings, [&] { return settingsAnswer(false); });
        });
        route(u"/api/engine/settings"_s, Method::Put, [this, needSettings](const Request &request) {
            return guarded(request, needSettings, [&] { return changeSettings(requestOf(request)); });
        });
    }

    void addRunRoutes()
    {
        using Method = QHttpServerRequest::Method;
        using Request = QHttpServerRequest;
        const auto needRuns = [this] { return runs.refuseWithoutRuns(); };
        route(u"/api/runs"_s, Method::Post, [this, needRuns](const Request &request) {
            return guarded(request, needRuns, [&] { return runs.start(requestOf(request)); });
        });
        route(u"/api/runs"_s, Method::Get, [this, needRuns](const Request &request) {
            return guarded(request, needRuns, [&] { return runs.list(); });
        });
        const QString run = u"/api/runs/<arg>"_s;
        route(run, Method::Get, [this, needRuns](const QString &id, const Request &request) {
            return guarded(request, needRuns, [&] { return runs.show(id); });
        });
        route(run, Method::Delete, [this, needRuns](const QString &id, const Request &request) {
            return guarded(request, needRuns, [&] { return runs.remove(id); });
        });
        route(run, Method::Patch, [this, needRuns](const QString &id, const Request &request) {
            return guarded(request, needRuns, [&] { return runs.change(id, requestOf(request)); });
        });
        const QString baseline = u"/api/runs/<arg>/baseline"_s;
        route(baseline, Method::Put, [this, needRuns](const QString &id, const Request &request) {
            return guarded(request, needRuns, [&] { return runs.baseline(id, true); });
        });
        route(baseline, Method::Delete, [this, needRuns](const QString &id, const Request &request) {
            return guarded(request, needRuns, [&] { return runs.baseline(id, false); });
        });
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
    d->addStatusRoutes();
    d->addSiteRoutes();
    d->addRunRoutes();
}

ControlApi::~ControlApi() = default;

void ControlApi::setSites(Sites sites)
{
    d->sites.setSites(std::move(sites));
}

void ControlApi::setReload(Reload reload)
{
    d->sites.setReload(std::move(reload));
}

void ControlApi::setEngine(Engine engine)
{
    d->engine = std::move(engine);
}

void ControlApi::setRuns(Runs runs)
{
    d->runs.setRuns(std::move(runs));
}

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
    // It refuses from the head what needs refusing (RequestGate): a body is
    // read only for a request that may have it, and only up to kMaxBodyBytes.
    RequestGate::Policy policy;
    policy.token = d->access.token;
    policy.tokenForMetrics = d->access.tokenForMetrics;
    policy.maxBodyBytes = kMaxBodyBytes;
    policy.listenAddress = address;
    auto listener = std::make_unique<GatedTcpServer>(std::move(policy));
    if (!listener->listen(address, port)) {
        *error = u"Cannot listen on %1 port %2: %3"_s.arg(address.toString())
                     .arg(port)
                     .arg(listener->errorString());
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
    // A site's app command runs programs as the user: set only from this machine.
    d->sites.setAppsAllowed(address.isLoopback(), address.toString());
    d->listener->setParent(&d->server); // bind() does this too; owned by the server either way
    d->takeSnapshot();
    d->rateTimer.start();
    return true;
}

void ControlApi::close()
{
    d->rateTimer.stop();
    if (d->listener)
        d->listener->close();
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
