#pragma once

#include "model/VirtualHost.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::shootout {

/*
 * The reference workloads W1-W6 of shared/WORKLOADS.md as a shootout runs
 * them: the path requested, the bytes every server must answer, and the
 * load's default concurrency (-c overrides it; keep-alive on unless the
 * user turns it off). W5 and W6 are fixed answers ("hello", "OK"): a route
 * where the server has fixed routes (Hostbench, nginx, ...), and a file of
 * the same bytes in the document root for the others, as
 * tests/perf/servers.sh does, so that every server answers the same bytes.
 *
 * W6p (issue #24) is W6's "OK" answered by an app behind the front server:
 * `proxied` workloads are served by the shootout's upstream (Upstream: one
 * process for every server, started once), and each front server gets a
 * site of its own for them, whose whole path "/" is proxied to it
 * (makeProxySite; its document root is empty, so that a server that does
 * not proxy answers 404, not the bytes).
 * Thread: any.
 */
struct Workload
{
    QString id; // "W1"
    QString path; // "/x.txt"
    QString label; // "4,070-byte text file"
    qint64 bytes = 0; // body size
    int concurrency = 50; // default -c
    QByteArray fixedBody; // W5/W6/W6p: the route's answer; empty for files
    bool proxied = false; // W6p: answered by the upstream through the front server

    // The server id of the upstream measured alone (the reference line of
    // a proxied workload's table): "upstream".
    static QString upstreamId();

    // Every workload, W1..W6, then W6p.
    static const QList<Workload> &all();
    static std::optional<Workload> find(const QString &id);
    static QStringList ids();
    static QStringList idsOf(const QList<Workload> &workloads);

    // Writes the files the workloads need into `documentRoot` (existing,
    // writable): random text or bytes of the right size, huge.bin as a
    // sparse file (its bytes are zeros, which suffices: sizes matter), and
    // for W5/W6 a file named after the path holding the fixed answer. Returns
    // the virtual host to serve: the default site on that document root with
    // a route per fixed answer. nullopt with *error when a file cannot be written.
    // Proxied workloads are left out (makeProxySite serves them).
    static std::optional<model::VirtualHost> makeSite(
        const QString &documentRoot, const QList<Workload> &workloads, QString *error);

    // The site of the proxied workloads: the default site on `documentRoot`
    // (created, left empty), its whole path "/" proxied to `upstreamUrl`
    // ("http://127.0.0.1:PORT"), the access and error logs off. nullopt
    // with *error when the folder cannot be created.
    static std::optional<model::VirtualHost> makeProxySite(
        const QString &documentRoot, const QString &upstreamUrl, QString *error);
};

} // namespace hostbench::shootout
