#include "cli/ControlClient.h"

#include "control/ControlEndpoint.h"
#include "control/ControlToken.h"

#include <QBuffer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QTimer>

#include <memory>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

ControlClient::ControlClient(Endpoint endpoint, QByteArray token)
    : m_endpoint(std::move(endpoint))
    , m_token(std::move(token))
{ }

std::optional<ControlClient> ControlClient::forDataFolder(const QString &folder)
{
    const std::optional<control::ControlEndpoint::Address> address = control::ControlEndpoint::read(folder);
    if (!address)
        return std::nullopt;
    QString error;
    // A token that cannot be had makes every request a 401, which the
    // caller reports with tokenError().
    ControlClient client({ address->address, address->port }, control::ControlToken::load(folder, &error));
    client.m_tokenError = error;
    return client;
}

QString ControlClient::problemText(const Reply &reply)
{
    const QJsonObject problem = QJsonDocument::fromJson(reply.body).object();
    const QString detail = problem[u"detail"_s].toString();
    if (detail.isEmpty())
        return u"HTTP %1"_s.arg(reply.status);
    const QString field = problem[u"field"_s].toString();
    return field.isEmpty() ? detail : u"%1: %2"_s.arg(field, detail);
}

QString ControlClient::url(const QString &path) const
{
    return u"http://%1%2"_s.arg(m_endpoint.toString(), path);
}

ControlClient::Reply ControlClient::request(
    const QByteArray &method, const QString &path, const QByteArray &body) const
{
    QNetworkAccessManager manager;
    manager.setProxy(QNetworkProxy::NoProxy); // loopback: never through $http_proxy
    QNetworkRequest request { QUrl(url(path)) };
    if (!m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token);
    if (!body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, "application/json"_ba);
    QBuffer buffer;
    buffer.setData(body);
    buffer.open(QIODevice::ReadOnly);
    std::unique_ptr<QNetworkReply> reply(body.isEmpty() && method != "POST" && method != "PUT"
            ? manager.sendCustomRequest(request, method)
            : manager.sendCustomRequest(request, method, &buffer));
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(kTimeoutMs, &loop, &QEventLoop::quit);
    loop.exec();

    Reply result;
    if (!reply->isFinished()) {
        result.error = u"no answer from %1 within %2 s"_s.arg(url(path)).arg(kTimeoutMs / 1000);
        return result;
    }
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.body = reply->readAll();
    if (result.status == 0) {
        result.refused = reply->error() == QNetworkReply::ConnectionRefusedError;
        result.error = u"%1: %2"_s.arg(url(path), reply->errorString());
    }
    return result;
}

} // namespace hostbench::cli
