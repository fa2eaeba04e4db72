#include "shootout/BodyCheck.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTimer>
#include <QUrl>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

QString BodyCheck::compareWithFile(quint16 port, const QString &path, const QString &file, int timeoutMs)
{
    return compareWithFile(Endpoint { port, {}, {}, false }, path, file, timeoutMs);
}

QString BodyCheck::compareWithFile(
    const Endpoint &endpoint, const QString &path, const QString &file, int timeoutMs)
{
    QFile input(file);
    if (!input.open(QIODevice::ReadOnly))
        return u"cannot read %1: %2"_s.arg(file, input.errorString());
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&input))
        return u"cannot read %1: %2"_s.arg(file, input.errorString());
    return compare(endpoint, path, input.size(), hash.result(), timeoutMs);
}

QString BodyCheck::compareWithBytes(quint16 port, const QString &path, const QByteArray &bytes, int timeoutMs)
{
    return compare(Endpoint { port, {}, {}, false }, path, bytes.size(),
        QCryptographicHash::hash(bytes, QCryptographicHash::Sha256), timeoutMs);
}

QString BodyCheck::compare(const Endpoint &endpoint, const QString &path, qint64 expectedSize,
    const QByteArray &expectedSha256, int timeoutMs)
{
    QNetworkAccessManager manager;
    manager.setProxy(QNetworkProxy::NoProxy);
    manager.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    const bool https = !endpoint.tlsName.isEmpty();
    QNetworkRequest request(
        QUrl(u"%1://127.0.0.1:%2%3"_s.arg(https ? u"https"_s : u"http"_s).arg(endpoint.port).arg(path)));
    if (https) {
        if (!QSslSocket::supportsSsl())
            return u"GET %1: Qt has no TLS backend here (its OpenSSL plugin)"_s.arg(path);
        const QList<QSslCertificate> roots = QSslCertificate::fromPath(endpoint.tlsRoot, QSsl::Pem);
        if (roots.isEmpty())
            return u"GET %1: cannot read the root certificate %2"_s.arg(path, endpoint.tlsRoot);
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setCaCertificates(roots); // that root alone, not the system's
        tls.setProtocol(QSsl::TlsV1_2OrLater);
        tls.setPeerVerifyMode(QSslSocket::VerifyPeer);
        if (endpoint.http2)
            tls.setAllowedNextProtocols(
                { QSslConfiguration::ALPNProtocolHTTP2, QSslConfiguration::NextProtocolHttp1_1 });
        else
            tls.setAllowedNextProtocols({ QSslConfiguration::NextProtocolHttp1_1 });
        request.setSslConfiguration(tls);
        request.setPeerVerifyName(endpoint.tlsName); // and the server name sent (SNI)
    }
    // Plain bytes: no content coding, so that the body is the file's.
    request.setRawHeader("Accept-Encoding", "identity");
    const bool http2 = https && endpoint.http2;
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, http2);
    QNetworkReply *reply = manager.get(request);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    qint64 received = 0;
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
        const QByteArray chunk = reply->readAll();
        received += chunk.size();
        hash.addData(chunk);
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, [&] { reply->abort(); });
    loop.exec();
    const QByteArray rest = reply->readAll();
    received += rest.size();
    hash.addData(rest);
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const bool overHttp2 = reply->attribute(QNetworkRequest::Http2WasUsedAttribute).toBool();
    const QString error
        = reply->error() == QNetworkReply::NoError || status != 0 ? QString() : reply->errorString();
    reply->deleteLater();
    if (status == 0)
        return u"GET %1: no answer (%2)"_s.arg(path, error);
    if (http2 && !overHttp2)
        return u"GET %1 was answered over HTTP/1.1, not HTTP/2: the TLS listener did not choose h2 by ALPN"_s
            .arg(path);
    if (status != 200)
        return u"GET %1 answers %2, not 200"_s.arg(path).arg(status);
    if (received != expectedSize)
        return u"GET %1 answers %2 bytes, not the %3 of the file"_s.arg(path).arg(received).arg(expectedSize);
    if (hash.result() != expectedSha256)
        return u"GET %1 answers %2 bytes that differ from the file's"_s.arg(path).arg(received);
    return {};
}

} // namespace hostbench::shootout
