#pragma once

#include "cli/CliParse.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace hostbench::cli {

/*
 * A client of a running instance's control API: one request at a time over
 * loopback (never through $http_proxy), with the bearer token read from the
 * data folder (control.token), each waiting at most kTimeoutMs.
 * Thread: the main thread; request() runs a local event loop.
 */
class ControlClient final
{
public:
    static constexpr int kTimeoutMs = 5000;

    struct Reply
    {
        int status = 0; // the HTTP status; 0 when no answer came
        QByteArray body;
        bool refused = false; // nothing listens there
        QString error; // why no answer came (refused, timed out, ...)
    };

    ControlClient(Endpoint endpoint, QByteArray token);

    // The instance running on the data folder `folder`, as its control.endpoint
    // and control.token name it; nullopt when no endpoint file is there.
    static std::optional<ControlClient> forDataFolder(const QString &folder);

    // `method` GET, POST, PUT or DELETE; `path` from the root ("/api/status");
    // a non-empty body goes as application/json.
    Reply request(const QByteArray &method, const QString &path, const QByteArray &body = {}) const;
    QString url(const QString &path) const;
    const Endpoint &endpoint() const { return m_endpoint; }
    // Why forDataFolder() could not load the token (empty: it did): a 401
    // then says this, not that the instance refused the token.
    const QString &tokenError() const { return m_tokenError; }
    // The "detail" of an RFC 9457 problem body (with its "field"), else the status.
    static QString problemText(const Reply &reply);

private:
    Endpoint m_endpoint;
    QByteArray m_token;
    QString m_tokenError;
};

} // namespace hostbench::cli
