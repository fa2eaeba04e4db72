#include "control/ControlApi.h"

#include "control/ControlFormat.h"
#include "control/ControlToken.h"
#include "control/GatedTcpServer.h"
#include "control/RunRequestJson.h"
#include "control/SiteJson.h"

#include <QElapsedTimer>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonArray>
#include <QJsonDocument>
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

QHttpServerResponse problemResponse(int status, const QString &detail, const QString &field = {})
{
    const QJsonDocument problem(ControlFormat::problem(status, detail, field));
    return QHttpServerResponse(QByteArray(ControlFormat::kProblemContentType),
        problem.toJson(QJsonDocument::Compact), QHttpServerResponse::StatusCode(status));
}

QString fieldName(model::SiteChange::Field field)
{
    switch (field) {
    case model::SiteChange::Field::None:
        break;
    case model::SiteChange::Field::HostName:
        return u"host"_s;
    case model::SiteChange::Field::Aliases:
        return u"aliases"_s;
    case model::SiteChange::Field::DocumentRoot:
        return u"document_root"_s;
    case model::SiteChange::Field::Routes:
        return u"routes"_s;
    case model::SiteChange::Field::Default:
        return u"default"_s;
    case model::SiteChange::Field::AccessLogPath:
        return u"access_log_path"_s;
    case model::SiteChange::Field::ErrorLogPath:
        return u"error_log_path"_s;
    }
    return {};
}

// A refused change as a problem; nullopt when it was done.
std::optional<QHttpServerResponse> refusedChange(const model::SiteChange &change)
{
    switch (change.result) {
    case model::SiteChange::Result::Done:
        return std::nullopt;
    case model::SiteChange::Result::NotFound:
        return problemResponse(404, change.detail, fieldName(change.field));
    case model::SiteChange::Result::Invalid:
        return problemResponse(422, change.detail, fieldName(change.field));
    case model::SiteChange::Result::Conflict:
        return problemResponse(409, change.detail, fieldName(change.field));
    case model::SiteChange::Result::Failed:
        break;
    }
    return problemResponse(500, change.detail, fieldName(change.field));
}

// A change stored whose reload failed: not a success (409), though stored;
// nullopt when the engine took it.
std::optional<QHttpServerResponse> notReloaded(const model::SiteChange &change)
{
    if (change.reloadError.isEmpty())
        return std::nullopt;
    QJsonObject problem = ControlFormat::problem(409,
        u"Stored, but the engine did not reload: %1; it still serves the previous configuration"_s.arg(
            change.reloadError));
    problem.insert(u"stored"_s, true);
    problem.insert(u"reason"_s, change.reloadError);
    return QHttpServerResponse(QByteArray(ControlFormat::kProblemContentType),
        QJsonDocument(problem).toJson(QJsonDocument::Compact), QHttpServerResponse::StatusCode::Conflict);
}

// The request's JSON object, or the problem that stops it (RFC 9110 section 15.5).
std::optional<QHttpServerResponse> readObject(const QHttpServerRequest &request, QJsonObject *object)
{
    const QByteArray body = request.body();
    if (body.size() > ControlApi::kMaxBodyBytes) {
        return problemResponse(413,
            u"The body has %1 bytes; at most %2 are taken"_s.arg(body.size()).arg(ControlApi::kMaxBodyBytes));
    }
    const QByteArray type = request.value("Content-Type"_ba).split(';').constFirst().trimmed().toLower();
    if (!type.isEmpty() && type != "application/json") {
        return problemResponse(415, u"The body must be application/json, not "_s + QString::fromLatin1(type));
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError) {
        return problemResponse(
            400, u"The body is not JSON: %1 at byte %2"_s.arg(error.errorString()).arg(error.offset));
    }
    if (!document.isObject())
        return problemResponse(400, u"The body must be a JSON object"_s);
    *object = document.object();
    return std::nullopt;
}

} // namespace

struct ControlApi::Private
{
    MetricsSource metrics;
    QString engineUrl;
    Access access;
    Sites sites;
    Reload reload;
    Engine engine;
    Runs runs;
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
    std::optional<QHttpServerResponse> refuse(const QHttpServerRequest &request) const
    {
        // GatedTcpServer refused such a request from its head already; this
        // stays for a route that something else might reach.
        const QByteArray field = request.value("Authorization"_ba);
        const QByteArray presented = ControlToken::fromAuthorization(field);
        if (!presented.isEmpty() && ControlToken::matches(presented, access.token))
            return std::nullopt;
        const RequestGate::Verdict refusal = RequestGate::unauthorized(!field.isEmpty());
        QHttpServerResponse response = problemResponse(refusal.status, refusal.detail);
        addHeader(response, "WWW-Authenticate"_ba, refusal.wwwAuthenticate);
        return response;
    }

    // Every answer closes its connection (GatedTcpServer closes it once
    // written): the header tells clients not to send another request on it.
    static QHttpServerResponse closing(QHttpServerResponse response)
    {
        addHeader(response, "Connection"_ba, "close"_ba);
        return response;
    }

    // QHttpServer::route() with the answer closing().
    template <typename Handler>
    void route(const QString &path, QHttpServerRequest::Method method, Handler handler)
    {
        if constexpr (std::is_invocable_v<const Handler &, const QHttpServerRequest &>) {
            server.route(path, method,
                [handler](const QHttpServerRequest &request) { return closing(handler(request)); });
        } else {
            server.route(path, method, [handler](const QString &arg, const QHttpServerRequest &request) {
                return closing(handler(arg, request));
            });
        }
    }

    std::optional<QHttpServerResponse> refuseWithoutSites() const
    {
        if (sites.list)
            return std::nullopt;
        return problemResponse(409,
            u"This instance serves the sites given on its command line (--site, "
            "--default), not the stored ones"_s);
    }

    // Reads a site from the request onto `site`; the problem when it cannot.
    std::optional<QHttpServerResponse> readSite(
        const QHttpServerRequest &request, model::VirtualHost &site, bool creating) const
    {
        QJsonObject json;
        if (std::optional<QHttpServerResponse> refused = readObject(request, &json))
            return refused;
        QString field;
        QString detail;
        if (!SiteJson::apply(json, site, &field, &detail))
            return problemResponse(400, detail, field);
        if (creating) {
            for (const QString &required : { u"host"_s, u"document_root"_s }) {
                if (!json.contains(required))
                    return problemResponse(422, u"A new site needs \"%1\""_s.arg(required), required);
            }
        }
        return std::nullopt;
    }

    QHttpServerResponse listSites() const
    {
        QJsonArray array;
        for (const model::VirtualHost &site : sites.list())
            array.append(SiteJson::toJson(site));
        return QHttpServerResponse(array);
    }

    using Status = QHttpServerResponse::StatusCode;

    static QHttpServerResponse siteResponse(const model::VirtualHost &site, Status status = Status::Ok)
    {
        QHttpServerResponse response(SiteJson::toJson(site), status);
        addHeader(response, "ETag"_ba, SiteJson::entityTag(site));
        return response;
    }

    // If-Match (RFC 9110 section 13.1.1): a change made on a site that another
    // client changed since this one read it is refused with 412.
    static std::optional<QHttpServerResponse> refuseStale(
        const QHttpServerRequest &request, const model::VirtualHost &current)
    {
        const QByteArray ifMatch = request.value("If-Match"_ba).trimmed();
        if (ifMatch.isEmpty() || ifMatch == "*")
            return std::nullopt;
        const QByteArray tag = SiteJson::entityTag(current);
        for (const QByteArray &candidate : ifMatch.split(',')) {
            if (candidate.trimmed() == tag)
                return std::nullopt;
        }
        return problemResponse(412,
            u"The site %1 changed since it was read (If-Match %2, now %3): read it "
            "again"_s.arg(current.hostName, QString::fromLatin1(ifMatch), QString::fromLatin1(tag)));
    }

    QHttpServerResponse createSite(const QHttpServerRequest &request) const
    {
        model::VirtualHost site;
        if (std::optional<QHttpServerResponse> refused = readSite(request, site, true))
            return std::move(*refused);
        const model::SiteChange change = sites.create(site);
        if (std::optional<QHttpServerResponse> refused = refusedChange(change))
            return std::move(*refused);
        if (std::optional<QHttpServerResponse> failed = notReloaded(change))
            return std::move(*failed);
        QHttpServerResponse response = siteResponse(change.site, Status::Created);
        addHeader(response, "Location"_ba, "/api/sites/"_ba + change.site.hostName.toUtf8());
        return response;
    }

    QHttpServerResponse showSite(const QString &host) const
    {
        const model::SiteChange found = sites.find(host);
        if (std::optional<QHttpServerResponse> refused = refusedChange(found))
            return std::move(*refused);
        return siteResponse(found.site);
    }

    // PUT: the members given replace the stored ones; the others stay.
    QHttpServerResponse replaceSite(const QString &host, const QHttpServerRequest &request) const
    {
        const model::SiteChange found = sites.find(host);
        if (std::optional<QHttpServerResponse> refused = refusedChange(found))
            return std::move(*refused);
        if (std::optional<QHttpServerResponse> refused = refuseStale(request, found.site))
            return std::move(*refused);
        model::VirtualHost site = found.site;
        if (std::optional<QHttpServerResponse> refused = readSite(request, site, false))
            return std::move(*refused);
        const model::SiteChange change = sites.replace(host, site);
        if (std::optional<QHttpServerResponse> refused = refusedChange(change))
            return std::move(*refused);
        if (std::optional<QHttpServerResponse> failed = notReloaded(change))
            return std::move(*failed);
        return siteResponse(change.site);
    }

    QHttpServerResponse removeSite(const QString &host, const QHttpServerRequest &request) const
    {
        const model::SiteChange found = sites.find(host);
        if (std::optional<QHttpServerResponse> refused = refusedChange(found))
            return std::move(*refused);
        if (std::optional<QHttpServerResponse> refused = refuseStale(request, found.site))
            return std::move(*refused);
        const model::SiteChange removed = sites.remove(host);
        if (std::optional<QHttpServerResponse> refused = refusedChange(removed))
            return std::move(*refused);
        if (std::optional<QHttpServerResponse> failed = notReloaded(removed))
            return std::move(*failed);
        return QHttpServerResponse(Status::NoContent);
    }

    QHttpServerResponse reloadEngine() const
    {
        if (!reload)
            return problemResponse(409, u"This instance cannot reload"_s);
        QString error;
        if (!reload(&error))
            return problemResponse(409,
                u"The engine did not reload: %1; it still serves the previous configuration"_s.arg(error));
        return QHttpServerResponse(QJsonObject { { u"reloaded"_s, true } });
    }

    QHttpServerResponse startOrStopEngine(bool start)
    {
        if (!engine.start || !engine.stop) {
            return problemResponse(409,
                u"This instance's engine is started and stopped where it runs (the "
                "window's Server page), not through its control API"_s);
        }
        if (start) {
            QString error;
            if (!engine.start(&error))
                return problemResponse(409, u"The engine did not start: "_s + error);
        } else {
            engine.stop();
        }
        // Not from the metrics: an engine started a moment ago has an uptime of 0 ms.
        const QJsonObject state { { u"running"_s, start }, { u"url"_s, start ? engineUrl : QString() } };
        return QHttpServerResponse(state);
    }

    QHttpServerResponse startRun(const QHttpServerRequest &request) const
    {
        QJsonObject json;
        if (std::optional<QHttpServerResponse> refused = readObject(request, &json))
            return std::move(*refused);
        model::BenchParameters parameters;
        QString field;
        QString detail;
        int status = 400;
        if (!RunRequestJson::read(json, &parameters, &field, &detail, &status))
            return problemResponse(status, detail, field);
        const qint64 id = runs.start(parameters, &detail);
        if (id == 0)
            return problemResponse(422, u"The run did not start: "_s + detail);
        const QByteArray location = "/api/runs/"_ba + QByteArray::number(id);
        QHttpServerResponse response(QJsonObject { { u"id"_s, id }, { u"state"_s, u"running"_s },
                                         { u"location"_s, QString::fromLatin1(location) } },
            Status::Accepted);
        addHeader(response, "Location"_ba, location);
        return response;
    }

    QHttpServerResponse showRun(const QString &id) const
    {
        bool ok = false;
        const qint64 number = id.toLongLong(&ok);
        const std::optional<QJsonObject> run = ok ? runs.show(number) : std::nullopt;
        if (!run)
            return problemResponse(404, u"No run has the id \"%1\""_s.arg(id));
        return QHttpServerResponse(*run);
    }

    QHttpServerResponse removeRun(const QString &id) const
    {
        bool ok = false;
        const qint64 number = id.toLongLong(&ok);
        QString error;
        switch (ok ? runs.remove(number, &error) : Runs::Removal::NotFound) {
        case Runs::Removal::NotFound:
            return problemResponse(404, u"No run has the id \"%1\""_s.arg(id));
        case Runs::Removal::Stopping:
            return QHttpServerResponse(
                QJsonObject { { u"id"_s, number }, { u"state"_s, u"stopping"_s } }, Status::Accepted);
        case Runs::Removal::Removed:
            return QHttpServerResponse(Status::NoContent);
        case Runs::Removal::Failed:
            break;
        }
        return problemResponse(500, error);
    }

    std::optional<QHttpServerResponse> refuseWithoutRuns() const
    {
        if (runs.start)
            return std::nullopt;
        return problemResponse(409,
            u"This instance does not run benchmarks through its control API (the window "
            "runs them from its Benchmark page)"_s);
    }

    void addRunRoutes()
    {
        using Method = QHttpServerRequest::Method;
        using Request = QHttpServerRequest;
        const auto withRuns = [this](const Request &request, auto &&work) {
            if (std::optional<QHttpServerResponse> refused = refuse(request))
                return std::move(*refused);
            if (std::optional<QHttpServerResponse> refused = refuseWithoutRuns())
                return std::move(*refused);
            return work();
        };
        route(u"/api/runs"_s, Method::Post, [this, withRuns](const Request &request) {
            return withRuns(request, [&] { return startRun(request); });
        });
        route(u"/api/runs"_s, Method::Get, [this, withRuns](const Request &request) {
            return withRuns(request, [&] { return QHttpServerResponse(runs.list()); });
        });
        const QString run = u"/api/runs/<arg>"_s;
        route(run, Method::Get, [this, withRuns](const QString &id, const Request &request) {
            return withRuns(request, [&] { return showRun(id); });
        });
        route(run, Method::Delete, [this, withRuns](const QString &id, const Request &request) {
            return withRuns(request, [&] { return removeRun(id); });
        });
    }

    // The token first, then whether there are stored sites, then the work.
    template <typename Work>
    QHttpServerResponse guarded(const QHttpServerRequest &request, bool needsSites, Work &&work) const
    {
        if (std::optional<QHttpServerResponse> refused = refuse(request))
            return std::move(*refused);
        if (needsSites) {
            if (std::optional<QHttpServerResponse> refused = refuseWithoutSites())
                return std::move(*refused);
        }
        return work();
    }

    void addSiteRoutes()
    {
        using Method = QHttpServerRequest::Method;
        using Request = QHttpServerRequest;
        const QString site = u"/api/sites/<arg>"_s;
        route(u"/api/sites"_s, Method::Get,
            [this](const Request &request) { return guarded(request, true, [&] { return listSites(); }); });
        route(u"/api/sites"_s, Method::Post, [this](const Request &request) {
            return guarded(request, true, [&] { return createSite(request); });
        });
        route(site, Method::Get, [this](const QString &host, const Request &request) {
            return guarded(request, true, [&] { return showSite(host); });
        });
        route(site, Method::Put, [this](const QString &host, const Request &request) {
            return guarded(request, true, [&] { return replaceSite(host, request); });
        });
        route(site, Method::Delete, [this](const QString &host, const Request &request) {
            return guarded(request, true, [&] { return removeSite(host, request); });
        });
        route(u"/api/engine/reload"_s, Method::Post, [this](const Request &request) {
            return guarded(request, false, [&] { return reloadEngine(); });
        });
        route(u"/api/engine/start"_s, Method::Post, [this](const Request &request) {
            return guarded(request, false, [&] { return startOrStopEngine(true); });
        });
        route(u"/api/engine/stop"_s, Method::Post, [this](const Request &request) {
            return guarded(request, false, [&] { return startOrStopEngine(false); });
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

    d->route(u"/api/status"_s, QHttpServerRequest::Method::Get, [this](const QHttpServerRequest &request) {
        if (std::optional<QHttpServerResponse> refused = d->refuse(request))
            return std::move(*refused);
        const model::MetricsSnapshot now = d->metrics();
        return QHttpServerResponse(ControlFormat::statusJson(now, d->requestsPerSecond(), d->engineUrl));
    });
    d->route(u"/metrics"_s, QHttpServerRequest::Method::Get, [this](const QHttpServerRequest &request) {
        if (d->access.tokenForMetrics) {
            if (std::optional<QHttpServerResponse> refused = d->refuse(request))
                return std::move(*refused);
        }
        return QHttpServerResponse(
            QByteArray(ControlFormat::kPrometheusContentType), ControlFormat::prometheusText(d->metrics()));
    });
    d->addSiteRoutes();
    d->addRunRoutes();
}

ControlApi::~ControlApi() = default;

void ControlApi::setSites(Sites sites)
{
    d->sites = std::move(sites);
}

void ControlApi::setReload(Reload reload)
{
    d->reload = std::move(reload);
}

void ControlApi::setEngine(Engine engine)
{
    d->engine = std::move(engine);
}

void ControlApi::setRuns(Runs runs)
{
    d->runs = std::move(runs);
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
