// @ts-check
/**
 * envsubst as the nginx image runs it on deploy/nginx/*.template: only ${NAME} placeholders
 * are replaced (nginx's own $variables are left alone). A placeholder without a value is an
 * error here, where the image would silently leave it in.
 * @param {string} text
 * @param {Record<string, string>} vars
 */
function renderTemplate(text, vars) {
  return text.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name) => {
    if (!(name in vars)) throw new Error(`nginx template needs ${name}`);
    return vars[name] ?? '';
  });
}

module.exports = { renderTemplate };
