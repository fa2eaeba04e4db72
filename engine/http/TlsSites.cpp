#include "TlsSites.h"

#include "tls/LocalCa.h"

#include <QHostAddress>

namespace hostbench::http {

using namespace Qt::StringLiterals;

QStringList TlsSites::namesFor(const model::VirtualHost &host)
{
    QStringList names;
    auto add = [&names](const QString &name) {
        const QString lower = name.trimmed().toLower();
        if (lower.isEmpty() || lower.contains(u'*') || !QHostAddress(lower).isNull() || names.contains(lower))
            return;
        names.append(lower);
        if (lower != u"localhost"_s && !lower.endsWith(u".localhost"_s)) {
            const QString local = lower + u".localhost"_s;
            if (!names.contains(local))
                names.append(local);
        }
    };
    add(host.hostName);
    for (const QString &alias : host.aliases)
        add(alias);
    if (names.isEmpty())
        names.append(u"localhost"_s);
    return names;
}

std::shared_ptr<const TlsSites> TlsSites::build(const QList<model::VirtualHost> &hosts,
    std::shared_ptr<const SiteTable> sites, const QString &caFolder, QString *error, QStringList *warnings)
{
    auto fail = [error](const QString &text) {
        if (error)
            *error = text;
        return nullptr;
    };
    if (caFolder.isEmpty())
        return fail(u"TLS needs a data folder, where its certificate authority is kept"_s);
    QString reason;
    const std::optional<tls::LocalCa> ca = tls::LocalCa::open(caFolder, true, &reason);
    if (!ca)
        return fail(u"the local certificate authority: %1"_s.arg(reason));
    auto table = std::make_shared<TlsSites>();
    table->m_sites = std::move(sites);
    const SiteTable &siteTable = *table->m_sites;
    table->m_contexts.resize(siteTable.size());
    // SiteTable keeps the hosts' order (its index i is hosts[i]).
    for (size_t i = 0; i < siteTable.size() && i < size_t(hosts.size()); ++i) {
        const model::VirtualHost &host = hosts[qsizetype(i)];
        std::shared_ptr<const tls::ServerContext> context;
        if (host.tls.hasOwnCertificate()) {
            // The site's own files; when they fail (changed since the site was saved), the
            // local CA's certificate stands in and the reason is reported.
            context = tls::ServerContext::load(host.tls.certificatePath, host.tls.keyPath, &reason);
            if (!context && warnings)
                warnings->append(
                    u"%1: its own certificate cannot be used (%2); the local CA's stands in"_s.arg(
                        host.hostName, reason));
        }
        if (!context) {
            const std::optional<tls::LocalCa::Leaf> leaf
                = ca->leafFor(host.hostName, namesFor(host), &reason);
            context
                = leaf ? tls::ServerContext::load(leaf->certificatePath, leaf->keyPath, &reason) : nullptr;
        }
        if (!context) {
            if (i == siteTable.defaultIndex())
                return fail(u"the certificate of %1: %2"_s.arg(host.hostName, reason));
            if (warnings)
                warnings->append(u"%1: no certificate of its own (%2); it gets the default site's"_s.arg(
                    host.hostName, reason));
            continue;
        }
        table->m_contexts[i] = std::move(context);
    }
    table->m_default = table->m_contexts[siteTable.defaultIndex()].get();
    return table;
}

SSL *TlsSites::newConnection(bool http2) const
{
    return m_default->newConnection(this, http2);
}

SSL_CTX *TlsSites::contextFor(std::string_view serverName) const
{
    const tls::ServerContext *context = m_contexts[m_sites->indexForHost(serverName)].get();
    return context ? context->native() : nullptr;
}

} // namespace hostbench::http
