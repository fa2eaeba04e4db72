#pragma once

#include "model/ProxyRoute.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hostbench::exporter {

/*
 * One proxied prefix of a site as every writer needs it (issue #24): the
 * prefix as the engine matches it (whole segments, no trailing '/', "/"
 * for the whole site), its parsed upstream and the name of the upstream's
 * connection pool. Plain value; any thread.
 */
struct ProxyPass
{
    QString prefix; // "/" or "/api"
    model::UpstreamAddress address;
    int pool = 0; // index into ProxyPlan::pools()
};

/*
 * A site's proxy routes worked out for the writers: longest prefix first
 * (the engine's choice when several match), each upstream's keep-alive pool
 * once, and the checks that the configurations' syntax needs. The mapping is
 * the engine's (model::ProxyRoute): without a base path the target goes
 * unchanged, with one the prefix is replaced by it. Internal to the library.
 * Pure functions; any thread.
 */
class ProxyPlan final
{
public:
    // Idle keep-alive connections kept per upstream and worker: 32 in
    // production (the engine keeps up to ServerConfig::upstreamConnectionsPerWorker,
    // 64, busy and idle); the benchmark flavour keeps more than the load's
    // 50 clients so that no server churns connections.
    static constexpr int kProductionPool = 32;
    static constexpr int kBenchmarkPool = 64;
    // The engine's idle timeout of a pooled upstream connection (seconds).
    static constexpr int kIdleSeconds = 30;

    // The site's routes, longest prefix first (an unparseable one is left out:
    // check() refuses it first).
    static QList<ProxyPass> passes(const model::VirtualHost &site);
    // Every distinct upstream of all sites ("127.0.0.1:9000",
    // "unix:/run/app.sock"), in the order first used; ProxyPass::pool indexes it.
    static QStringList pools(const QList<model::VirtualHost> &sites);
    // The pool key of an address (no base path).
    static QString poolKey(const model::UpstreamAddress &address);
    // A reason why the site's proxy routes cannot be written (an invalid
    // route, a prefix, base path or socket path with characters the
    // configurations cannot hold unquoted), or empty.
    static QString check(const model::VirtualHost &site);
    // The base path with a trailing '/' ("" -> "/", "/v1" -> "/v1/").
    static QString withSlash(const QString &path);
    // The fixed routes' paths of a site that lie under a proxied prefix (they
    // answer first in the engine, so the writers exclude them from the proxy).
    static QStringList routesUnder(const model::VirtualHost &site);
    // A path as a literal in a PCRE regular expression (lighttpd, Apache):
    // each character but letters, digits and /_~%@,=:- in brackets (check()
    // refuses the two that cannot be: \ and ^).
    static QString regexLiteral(const QString &path);
    // "127.0.0.1:9000", "[::1]:9000", the socket path for unix:.
    static QString hostPort(const model::UpstreamAddress &address);
};

} // namespace hostbench::exporter
