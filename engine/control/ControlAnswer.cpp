#include "control/ControlAnswer.h"

#include "control/ControlApi.h"
#include "control/ControlFormat.h"

#include <QJsonDocument>

namespace hostbench::control {

using namespace Qt::StringLiterals;

std::optional<ControlAnswer> ControlRequest::readObject(QJsonObject *object) const
{
    if (body.size() > ControlApi::kMaxBodyBytes) {
        return ControlAnswer::problem(413,
            u"The body has %1 bytes; at most %2 are taken"_s.arg(body.size()).arg(ControlApi::kMaxBodyBytes));
    }
    const QByteArray type = contentType.split(';').constFirst().trimmed().toLower();
    if (!type.isEmpty() && type != "application/json") {
        return ControlAnswer::problem(
            415, u"The body must be application/json, not "_s + QString::fromLatin1(type));
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError) {
        return ControlAnswer::problem(
            400, u"The body is not JSON: %1 at byte %2"_s.arg(error.errorString()).arg(error.offset));
    }
    if (!document.isObject())
        return ControlAnswer::problem(400, u"The body must be a JSON object"_s);
    *object = document.object();
    return std::nullopt;
}

ControlAnswer ControlAnswer::json(const QJsonObject &object, int status)
{
    ControlAnswer answer;
    answer.status = status;
    answer.body = Body::Object;
    answer.object = object;
    return answer;
}

ControlAnswer ControlAnswer::json(const QJsonArray &array, int status)
{
    ControlAnswer answer;
    answer.status = status;
    answer.body = Body::Array;
    answer.array = array;
    return answer;
}

ControlAnswer ControlAnswer::data(const QByteArray &contentType, const QByteArray &bytes, int status)
{
    ControlAnswer answer;
    answer.status = status;
    answer.body = Body::Bytes;
    answer.contentType = contentType;
    answer.bytes = bytes;
    return answer;
}

ControlAnswer ControlAnswer::empty(int status)
{
    ControlAnswer answer;
    answer.status = status;
    return answer;
}

ControlAnswer ControlAnswer::problem(int status, const QString &detail, const QString &field)
{
    return problem(ControlFormat::problem(status, detail, field), status);
}

ControlAnswer ControlAnswer::problem(const QJsonObject &problem, int status)
{
    return data(QByteArray(ControlFormat::kProblemContentType),
        QJsonDocument(problem).toJson(QJsonDocument::Compact), status);
}

ControlAnswer &ControlAnswer::withHeader(const QByteArray &name, const QByteArray &value)
{
    headers.append({ name, value });
    return *this;
}

} // namespace hostbench::control
