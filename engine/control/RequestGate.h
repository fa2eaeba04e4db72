#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHostAddress>
#include <QString>

namespace hostbench::control {

/*
 * What the control API decides from a request's head alone, before any of
 * its body is read (so that a refused request costs its head, never its
 * body): RFC 9112 request line and fields, then
 *   - Host (RFC 9112 section 3.2): exactly one, naming this listener:
 *     "localhost", a loopback address (127.0.0.0/8, [::1]), the address the
 *     connection came to or the one the API listens on, each with or without
 *     a port. Any other name is refused with 421, so that a page whose DNS
 *     name an attacker points at 127.0.0.1 (DNS rebinding) reaches nothing;
 *     none, two or a malformed one is a 400. Names under ".localhost" are
 *     refused too: only some resolvers keep them off DNS.
 *   - Authorization: the bearer token (ControlToken) on every route but
 *     /metrics, and on /metrics too with Policy::tokenForMetrics; 401 with
 *     WWW-Authenticate otherwise (RFC 6750 section 3).
 *   - the body's framing (RFC 9112 section 6): a Content-Length over the
 *     limit (Policy::maxBodyBytes with the token, 0 without) is a 413; a
 *     chunked body is counted as its chunks arrive, a 413 once they pass the
 *     limit; both Content-Length and Transfer-Encoding, or an unreadable
 *     length, a 400; another transfer coding a 501.
 *   - a head of over kMaxHeadBytes is a 431.
 * A request that passes is handed on whole: head and body, at most
 * bufferLimit() bytes.
 *
 * Pure functions; any thread.
 */
class RequestGate final
{
public:
    static constexpr qsizetype kMaxHeadBytes = 16 * 1024;

    struct Policy
    {
        QByteArray token; // an empty token lets no request through (but /metrics without tokenForMetrics)
        bool tokenForMetrics = false;
        qint64 maxBodyBytes = 0; // with the token
        QHostAddress listenAddress; // QTcpServer::serverAddress()
        QHostAddress localAddress; // the connection's, QTcpSocket::localAddress()
    };

    struct Verdict
    {
        enum class Kind {
            NeedMore, // the head, or the body it announces, is not all there yet
            Pass, // `requestBytes` hold the whole request
            Refuse, // answer `status` with `detail` and close
        };
        Kind kind = Kind::NeedMore;
        int status = 0;
        QString detail;
        QByteArray wwwAuthenticate; // for a 401
        qsizetype requestBytes = 0; // Pass: head and body
        qint64 bodyLimit = -1; // NeedMore after a head that passed: the most its body may have
        bool expectsContinue = false; // NeedMore after a head that passed, with "Expect: 100-continue"
    };

    // Decides on the bytes received so far on a connection (the start of one request).
    static Verdict check(QByteArrayView received, const Policy &policy);

    // Whether a Host field value names this listener (see above).
    static bool hostAllowed(
        QByteArrayView host, const QHostAddress &listenAddress, const QHostAddress &localAddress);

    // A refusal: answer `status` with `detail` and close.
    static Verdict refusal(int status, const QString &detail);

    // The 401 for a missing (`tried` false) or wrong token, as the routes answer it too.
    static Verdict unauthorized(bool tried);

    // A whole HTTP/1.1 response for a refusal: an RFC 9457 problem, "Connection: close".
    static QByteArray response(const Verdict &refusal);

    // The most bytes one request may take in the gate's buffer: its head,
    // its body and (for a chunked body) twice the body again for the framing.
    static qsizetype bufferLimit(qint64 maxBodyBytes) { return kMaxHeadBytes + 3 * qsizetype(maxBodyBytes); }
};

} // namespace hostbench::control
