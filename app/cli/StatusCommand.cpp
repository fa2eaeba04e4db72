#include "cli/StatusCommand.h"

#include "cli/CliParse.h"
#include "cli/Console.h"
#include "cli/ControlClient.h"
#include "control/ControlToken.h"
#include "model/ServerConfig.h"
#include "storage/DataFolder.h"
#include "sys/PortHolder.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"status"_s;

QString duration(qint64 ms)
{
    const qint64 s = ms / 1000;
    if (s < 60)
        return u"%1 s"_s.arg(double(ms) / 1000.0, 0, 'f', 1);
    if (s < 3600)
        return u"%1 min %2 s"_s.arg(s / 60).arg(s % 60);
    return u"%1 h %2 min"_s.arg(s / 3600).arg((s % 3600) / 60);
}

} // namespace

QString StatusCommand::format(const QJsonObject &status)
{
    const bool running = status[u"running"_s].toBool();
    QString text;
    text += u"Engine:              %1\n"_s.arg(
        running ? u"running at "_s + status[u"url"_s].toString() : u"stopped"_s);
    text += u"Uptime:              %1\n"_s.arg(duration(status[u"uptime_ms"_s].toInteger()));
    text += u"Requests:            %1\n"_s.arg(status[u"requests"_s].toInteger());
    text += u"Requests per second: %1 (last second)\n"_s.arg(
        status[u"requests_per_second"_s].toDouble(), 0, 'f', 1);
    text += u"Open connections:    %1\n"_s.arg(status[u"open_connections"_s].toInteger());
    const QJsonArray sites = status[u"sites"_s].toArray();
    qsizetype width = 4;
    for (const QJsonValue &site : sites)
        width = std::max(width, site[u"host"_s].toString().size());
    text += u"Sites:               (requests)\n"_s;
    for (const QJsonValue &site : sites) {
        text += u"  %1  %2\n"_s.arg(site[u"host"_s].toString(), -int(width))
                    .arg(site[u"requests"_s].toInteger());
    }
    return text;
}

int StatusCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Shows the state of a running hostbench-cli serve or GUI."_s);
    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption control(u"control"_s,
        u"Its control API (default: the one named in the data folder's "
        "control.endpoint, else 127.0.0.1:%1)."_s.arg(model::ServerConfig::kDefaultControlPort),
        u"ADDR:PORT"_s);
    const QCommandLineOption dataDir
        = Console::dataDirOption(u"the instance's, where its control token is"_s);
    const QCommandLineOption json(u"json"_s, u"Prints the raw JSON."_s);
    parser.addOptions({ help, control, dataDir, json });
    if (const std::optional<int> done = Console::parseFlags(parser, help, arguments, kCommand))
        return *done;
    QString error;
    const QString folder = storage::DataFolder::resolve(parser.value(dataDir));
    std::optional<Endpoint> endpoint;
    if (parser.isSet(control)) {
        endpoint = CliParse::endpoint(parser.value(control), &error);
        if (!endpoint)
            return Console::fail(kCommand, u"--control: "_s + error);
    } else if (const std::optional<ControlClient> running = ControlClient::forDataFolder(folder)) {
        endpoint = running->endpoint();
    } else {
        endpoint
            = Endpoint { QHostAddress(QHostAddress::LocalHost), model::ServerConfig::kDefaultControlPort };
    }
    // Without a token, still ask: "nothing listens" is the likelier news.
    QString tokenError;
    const QByteArray token = control::ControlToken::load(folder, &tokenError);
    const ControlClient client(*endpoint, token);
    const ControlClient::Reply reply = client.request("GET", u"/api/status"_s);
    if (reply.refused)
        return Console::fail(kCommand,
            u"nothing listens on %1 (is hostbench-cli serve or the GUI running? "
            "see --control)"_s.arg(endpoint->toString()));
    if (reply.status == 0)
        return Console::fail(kCommand, reply.error);
    if (reply.status == 401 && token.isEmpty())
        return Console::fail(kCommand,
            tokenError
                + u" (has serve or the window run on this data folder? see "
                  "--data-dir)"_s);
    if (reply.status == 401)
        return Console::fail(kCommand,
            u"%1 refused the token of %2: it serves another data folder (see "
            "--data-dir)"_s.arg(endpoint->toString(), folder));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(reply.body, &parseError);
    if (reply.status != 200 || parseError.error != QJsonParseError::NoError || !document.isObject()) {
        // Another program on the port (a web server's "File not found"): say whose it is.
        QString holder;
        if (endpoint->address.isLoopback())
            holder = u"; port %1 is held by %2"_s.arg(
                QString::number(endpoint->port), sys::PortHolder::find(endpoint->port).describe());
        return Console::fail(kCommand,
            u"%1 did not answer as Hostbench's control API does (HTTP %2)%3"_s.arg(
                client.url(u"/api/status"_s), QString::number(reply.status), holder));
    }
    if (parser.isSet(json))
        Console::outRaw(QString::fromUtf8(document.toJson(QJsonDocument::Indented)));
    else
        Console::outRaw(format(document.object()));
    return 0;
}

} // namespace hostbench::cli
