#pragma once

#include "model/BenchParameters.h"
#include "model/MetricsSnapshot.h"
#include "model/RunChange.h"
#include "model/ServerConfig.h"
#include "model/SiteChange.h"
#include "model/VirtualHost.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace hostbench::control {

/*
 * The engine's control API on QtHttpServer (loopback by default, its own port):
 *   GET /api/status  JSON {running, url, uptime_ms, requests,
 *                    requests_per_second (over the last second), open_connections,
 *                    sites: [{host, requests}]}
 *   GET /metrics     the same counters in Prometheus' text exposition format 0.0.4
 *   GET /api/sites, POST /api/sites, GET|PUT|DELETE /api/sites/{host}
 *                    the stored sites (SiteJson), through the Sites callbacks
 *                    (setSites()); without them 409.
 *   POST /api/engine/reload  the Reload callback (setReload()); without it 409.
 *   POST /api/engine/start, /api/engine/stop  the Engine callbacks (setEngine()),
 *                    answering {running, url}; without them 409, and 409
 *                    with the reason when the engine cannot start.
 *   GET /api/engine/settings, PUT /api/engine/settings  the engine's listen
 *                    address, ports, threads, TLS listener, timeouts and
 *                    connection cap (EngineSettingsJson); PUT keeps the members
 *                    given (the others stay), restarts a running engine on
 *                    them and answers the settings with "restarted" and
 *                    "url"; a bad member 400 or 422 naming it, an engine that
 *                    did not start on them 409 with the reason (it serves on
 *                    its former settings again).
 *   POST /api/runs   starts a benchmark (RunRequestJson): 202 with Location /api/runs/{id}
 *   GET /api/runs, GET /api/runs/{id}   the runs, one with its samples so far and state
 *   DELETE /api/runs/{id}   stops a running run (202) or removes a finished one (204)
 *                    through the Runs callbacks (setRuns()); without them 409.
 *   PATCH /api/runs/{id}  {"paused": true|false} and/or {"rate": N}: pauses,
 *                    resumes or sets the rate of a running open-model run
 *                    (200 with {id, state, paused, planned_rate}); 422 for
 *                    a closed-model run, one that has ended or a bad value,
 *                    404 for no such run (ControlRuns::change).
 * JSON in and out. Site answers: 200 (201 with Location for POST, 204 for DELETE); a body over
 * kMaxBodyBytes 413, a Content-Type other than JSON 415, malformed JSON, an
 * unknown member or a wrong JSON type 400, a missing host or document_root
 * and a value the site rules refuse 422, a name another site has 409, an
 * unknown host 404; each as an RFC 9457 problem whose "field" names the
 * member at fault. A site's app command ("proxy.app") runs programs as the
 * user: it is set or changed only while the API listens on loopback, else
 * 403 with "field": "proxy.app" (ControlSites). A site's answers carry its ETag; PUT and DELETE with an
 * If-Match that is no longer the site's are refused with 412 (RFC 9110
 * section 13.1.1), so that of two clients changing one site, the second
 * learns that it worked on an old copy. A change stored that the engine
 * did not take (SiteChange::reloadError), and a POST /api/engine/reload that
 * failed, are a 409 whose detail gives the engine's reason (the former's
 * problem has "stored": true and "reason"): the engine serves on what it had.
 * It reads the engine only through the `metrics` callback and reaches
 * storage, the engine and the load generator only through the callbacks
 * that app/ and ui/ give it. All QtHttpServer calls live in ControlApi.cpp, so that the
 * API change of Qt 6.5 touches one file; the routes' work is in ControlSites and
 * ControlRuns, on QtHttpServer-free ControlRequest and ControlAnswer values.
 *
 * Access (RFC 6750): every route but /metrics needs "Authorization: Bearer
 * <Access::token>" (see ControlToken); /metrics too with
 * Access::tokenForMetrics. Without it the answer is 401 with
 * "WWW-Authenticate: Bearer realm=..." and an RFC 9457 problem+json body;
 * a wrong token adds error="invalid_token" (RFC 6750 section 3).
 * Those checks, the Host (loopback names and the listener's address only:
 * DNS rebinding) and the body's length are made from the request's head,
 * before any of its body is read (RequestGate, GatedTcpServer): a refused
 * request costs its head, never its body. Every connection answers one
 * request ("Connection: close").
 *
 * Thread: lives on the thread that creates it, which must run a Qt event
 * loop (the GUI's or the CLI's main thread); never on the engine's workers.
 */
class ControlApi final : public QObject
{
    Q_OBJECT

public:
    using MetricsSource = std::function<model::MetricsSnapshot()>;

    struct Access
    {
        QByteArray token; // an empty token lets no request through
        bool tokenForMetrics = false; // /metrics needs the token too
    };

    // The settings key (Database::setting) of Access::tokenForMetrics, "1" or "0".
    static constexpr char kTokenForMetricsSetting[] = "control/tokenForMetrics";

    // The stored sites, each call on this object's thread; a change reloads
    // the engine before it returns Done, with SiteChange::reloadError set
    // when the engine did not take it.
    struct Sites
    {
        std::function<QList<model::VirtualHost>()> list;
        std::function<model::SiteChange(const QString &hostName)> find;
        std::function<model::SiteChange(const model::VirtualHost &site)> create;
        std::function<model::SiteChange(const QString &hostName, const model::VirtualHost &site)> replace;
        std::function<model::SiteChange(const QString &hostName)> remove;
    };
    // Reads the stored sites again and hands them to the engine; false with a reason.
    using Reload = std::function<bool(QString *error)>;
    // Starts the engine (true when it runs already) or stops it (a no-op when stopped).
    // `settings` and `applySettings` (optional; without them the settings
    // routes answer 409): the settings the next start uses, and new ones to
    // keep, on which a running engine restarts (*restarted); false with the
    // reason when it did not start on them (it runs on its former ones).
    struct Engine
    {
        std::function<bool(QString *error)> start;
        std::function<void()> stop;
        std::function<model::ServerConfig()> settings;
        std::function<bool(const model::ServerConfig &config, bool *restarted, QString *error)> applySettings;
    };

    // Benchmark runs, each call on this object's thread; the JSON is the caller's.
    struct Runs
    {
        enum class Removal { NotFound, Stopping, Removed, Failed };
        // The new run's id, or 0 with the reason (the generator refused the
        // parameters, the target has no baseline) and, where one is at
        // fault, the request's member in *field ("thresholds[1]").
        std::function<qint64(const model::BenchParameters &parameters, QString *error, QString *field)> start;
        std::function<QJsonArray()> list;
        std::function<std::optional<QJsonObject>(qint64 id)> show; // nullopt: no such run
        std::function<Removal(qint64 id, QString *error)> remove;
        // Baselines (issue #28): `set` makes run `id` the baseline of its
        // target (method and URL), else clears its target's; Refused with
        // the reason (a run still running or broken off, a write failed).
        enum class Marking { NotFound, Refused, Done };
        std::function<Marking(qint64 id, bool set, QString *error)> baseline;
        // PATCH /api/runs/{id} (issue #28): pauses, resumes or sets the rate
        // of a running open-model run (model::RunChange). Done with *answer
        // ({id, state, paused, planned_rate}); Refused with the reason (a
        // closed-model run, a run that has ended, a bad rate). Optional:
        // without it, 409.
        enum class Changing { NotFound, Refused, Done };
        std::function<Changing(
            qint64 id, const model::RunChange &change, QJsonObject *answer, QString *error)>
            change;
    };

    static constexpr qint64 kMaxBodyBytes = 1024 * 1024;

    // `metrics` is called on this object's thread, once per API request and once a second.
    ControlApi(MetricsSource metrics, QString engineUrl, Access access, QObject *parent = nullptr);
    ~ControlApi() override;

    // Listens on address:port (port 0 picks one). Returns false with a reason
    // in *error when the port is taken, or when the address is not loopback
    // and Access::tokenForMetrics is off: only an API that lets nothing
    // through without the token may be reachable from other machines.
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const;
    // Stops listening (the port is free when it returns); requests being
    // answered finish. For an owner that deletes this object later
    // (deleteLater()), from a callback of one of its own routes too.
    void close();
    // The url reported in /api/status, when the engine moved (GUI restarts).
    void setEngineUrl(const QString &url);
    void setSites(Sites sites);
    void setReload(Reload reload);
    void setEngine(Engine engine);
    void setRuns(Runs runs);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace hostbench::control
