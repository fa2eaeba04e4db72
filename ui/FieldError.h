#pragma once

#include <QLabel>
#include <QPalette>
#include <QPointer>

namespace hostbench::ui {

/*
 * A validation message shown under a form field: red text (Tint's error
 * colours for the inherited palette, taken again when it changes) in a label that
 * keeps a line of room while hidden, so that the form does not move as
 * errors come and go (a message longer than a line still wraps), and the
 * field itself tinted until the message
 * is cleared. The field gets the dynamic property "fieldError" (the message)
 * so that tests and style sheets can see it. GUI thread.
 */
class FieldError final : public QLabel
{
    Q_OBJECT

public:
    FieldError(QWidget *field, QWidget *parent = nullptr);

    // An empty message clears the error.
    void setMessage(const QString &message);

    // One cell of a form: `field` with `error` under it (and `extra`, e.g. a
    // Browse button, beside the field). The cell passes focus to the field, so
    // that the row label's accelerator reaches it.
    static QWidget *cell(QWidget *field, FieldError *error, QWidget *extra = nullptr);
    bool hasError() const { return !text().isEmpty(); }

    // Keeps the room that `longest` (the field's longest message) takes at
    // the cell's width, message or not, the text at its top: the fields
    // under it stay where they are as an error of several lines comes and
    // goes. Its height is then fixed to that room: a longer message would
    // be cut (BenchmarkFields bounds its sentences for this). Empty: one
    // line kept, longer messages wrap (the default).
    void setRoomFor(const QString &longest);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The palette the label and the field inherit: their own have the error colours set.
    static QPalette inherited(const QWidget *widget);
    void keepRoom();
    void takeColours();

    QPointer<QWidget> m_field;
    QPalette m_fieldPalette;
    QString m_roomFor;
    bool m_takingColours = false;
};

} // namespace hostbench::ui
