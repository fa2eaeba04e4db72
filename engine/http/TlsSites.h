#pragma once

#include "http/SiteTable.h"
#include "model/VirtualHost.h"
#include "tls/ServerContext.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace hostbench::http {

/*
 * The certificates of a TLS listener, one per site of a SiteTable (same
 * index), chosen by the handshake's server name (SNI) with the table's own
 * host selection: a site's name, an alias, NAME.localhost; an unknown name or
 * none gets the default site's. A site that names its own certificate and key
 * (model::SiteTls) gets those files; the others' are issued by the data folder's local CA
 * (tls::LocalCa) for the site's host name, aliases and their ".localhost"
 * forms (RFC 6761 §6.3), and issued again when those change or it nears its
 * end.
 *
 * Thread: built on the owner's thread (HttpServer::start, reload), then
 * read-only; the workers call newConnection() and the SNI callback
 * (contextFor) at once.
 */
class TlsSites final : public tls::ServerNames
{
public:
    // Null with *error when the CA folder cannot be opened or made, or the
    // default site's certificate cannot be had; a certificate that fails
    // for another site leaves it on the default's, and a site's own files that
    // fail leave it on the CA's, with the reason in *warnings.
    static std::shared_ptr<const TlsSites> build(const QList<model::VirtualHost> &hosts,
        std::shared_ptr<const SiteTable> sites, const QString &caFolder, QString *error,
        QStringList *warnings);

    // The DNS names a site's certificate covers: its host name and aliases,
    // each also under ".localhost"; wildcards and IP literals left out.
    static QStringList namesFor(const model::VirtualHost &host);

    // A new server-side TLS connection (the default site's certificate until SNI says otherwise);
    // `http2`: ALPN may choose "h2" (tls::ServerContext::newConnection).
    SSL *newConnection(bool http2 = false) const;
    SSL_CTX *contextFor(std::string_view serverName) const override;

    // Of the site at `index`; null when it has none of its own.
    const tls::ServerContext *context(size_t index) const { return m_contexts[index].get(); }

private:
    std::shared_ptr<const SiteTable> m_sites;
    std::vector<std::shared_ptr<const tls::ServerContext>> m_contexts;
    const tls::ServerContext *m_default = nullptr;
};

} // namespace hostbench::http
