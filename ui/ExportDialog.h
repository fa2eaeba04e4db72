#pragma once

#include "export/ExportOptions.h"
#include "model/ServerConfig.h"
#include "model/VirtualHost.h"

#include <QDialog>

class QComboBox;
class QLayout;
class QLineEdit;

namespace hostbench::ui {

class FieldError;

/*
 * File > Export: writes the stored sites as one server's configuration
 * (exporter::ConfigWriter, the production flavour, the stored listen
 * address, port and timeouts), the same text as `hostbench-cli export`.
 * The user picks the file (a non-native file dialog, so that tests can
 * drive it); route files go to FILE.d/routes/ beside it. A file that cannot
 * be written shows its error under the field and the dialog stays open; on
 * success it closes with the path in writtenPath(). GUI thread.
 */
class ExportDialog final : public QDialog
{
    Q_OBJECT

public:
    ExportDialog(exporter::Server server, const QList<model::VirtualHost> &sites,
        const model::ServerConfig &config, QWidget *parent = nullptr);

    QString writtenPath() const { return m_written; }
    // The command that starts the server on the written file.
    QString startCommand() const { return m_command; }

    void accept() override;

private:
    // The file field (its default name for `server`, called `name`), Browse and the field's error.
    QLayout *makePathRow(exporter::Server server, const QString &name);
    void browse();

    exporter::Server m_server;
    QList<model::VirtualHost> m_sites;
    model::ServerConfig m_config;
    QLineEdit *m_path = nullptr;
    FieldError *m_pathError = nullptr;
    QString m_written;
    QString m_command;
};

} // namespace hostbench::ui
