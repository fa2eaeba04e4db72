#include "shootout/ShootoutRunner.h"

#include "tls/LocalCa.h"

#include <QDir>
#include <QTemporaryDir>

// The HTTPS part of ShootoutRunner (W1s, W1sn, W1h2, W2h2): the local CA
// made for the shootout, its one certificate, and the site every server
// serves on its TLS listener with it (HTTP/1.1 and HTTP/2 each a group).

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

QList<Workload> ShootoutRunner::tlsWorkloads() const
{
    QList<Workload> tls;
    for (const Workload &workload : m_workloads)
        if (workload.tls)
            tls.append(workload);
    return tls;
}

void ShootoutRunner::makeTlsSite(const QTemporaryDir &temp)
{
    const QList<Workload> tls = tlsWorkloads();
    if (tls.isEmpty() || m_stop)
        return;
    const QString ids = Workload::idsOf(tls).join(u", "_s);
    // Hostbench's data folder for its turn: its CA issues the one certificate
    // (the leaf of "localhost", the site's one name, as serve's
    // http::TlsSites::namesFor gives it), which serve then finds on file.
    const QString dataDir = temp.filePath(u"tls-data"_s);
    QString error;
    QDir().mkpath(dataDir);
    const std::optional<tls::LocalCa> ca = tls::LocalCa::open(tls::LocalCa::folderIn(dataDir), true, &error);
    std::optional<tls::LocalCa::Leaf> leaf;
    if (ca)
        leaf = ca->leafFor(u"localhost"_s, { u"localhost"_s }, &error);
    if (!leaf) {
        say(u"%1 left out: no certificate for them (%2)"_s.arg(ids, error));
        return;
    }
    const QString documentRoot = temp.filePath(u"site-tls"_s);
    QDir().mkpath(documentRoot);
    std::optional<model::VirtualHost> site = Workload::makeSite(documentRoot, tls, &error);
    if (!site) {
        say(u"%1 left out: %2"_s.arg(ids, error));
        return;
    }
    site->accessLogEnabled = false;
    site->errorLogEnabled = false;
    site->tls.certificatePath = leaf->certificatePath;
    site->tls.keyPath = leaf->keyPath;
    m_tlsDataDir = dataDir;
    m_tlsRoot = ca->rootPath();
    // HTTP/1.1 over TLS, then HTTP/2 (W1h2, W2h2): the same site and listener, a start of its own,
    // so that a server whose listener does not choose h2 is left out of the HTTP/2 workloads only.
    QList<Workload> http1, http2;
    for (const Workload &workload : tls)
        (workload.http2 ? http2 : http1).append(workload);
    if (!http1.isEmpty())
        m_groups.append({ *site, http1, true });
    if (!http2.isEmpty())
        m_groups.append({ *site, http2, true, true });
    say(u"%1: each server also listens for TLS (TLS 1.2 and 1.3, session tickets), every one with the same "
        "certificate, an ECDSA P-256 leaf for localhost of a CA made for this shootout (%2); the load "
        "generator asks for https://localhost:PORT and trusts that CA alone"_s.arg(
            ids, leaf->certificatePath));
    if (!http2.isEmpty())
        say(u"%1: HTTP/2, h2 by ALPN on that TLS listener (%2 connections of %3 streams each unless -c says "
            "otherwise); a server whose listener does not choose h2 is left out of them, not measured over "
            "HTTP/1.1"_s.arg(Workload::idsOf(http2).join(u", "_s))
                .arg(http2.constFirst().concurrency)
                .arg(http2.constFirst().streams));
}

} // namespace hostbench::shootout
